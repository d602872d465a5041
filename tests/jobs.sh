#!/bin/sh
# jobs: `compare --jobs N` prints byte for byte what
# --jobs 1 prints, on stdout and stderr, for every format, with the
# variants split over 2, 3 and 4 threads (compare-iot has 4 variants,
# compare-offices 4); and when several variants stop with an error, the
# one a single thread meets first is reported, alone. Then the progress
# line through a pseudo-terminal (python3's pty):
# on a terminal it appears on stderr, with PKSIM_PROGRESS_AFTER_MS=0 so
# the test needs no long run, and is erased at the end; stdout is the same
# as without a terminal; nothing with --quiet or when stderr is a pipe.
# A run with 429s announces its remedies' replays there too, and their
# share of the wall time, never on stdout.
# Usage (meson test does this): sh tests/jobs.sh PKSIM SOURCE_DIR
set -eu
pksim=$1
src=$2

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pksim-jobs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# compare-iot cut to 20 s across its midnight (the clock starts 10 s
# before it, not 60): the same four variants, keys, days and 429s of
# /date with their remedies' replays, for about a third of the CPU of its
# 2 minutes; without its expect: block, whose figures are the 2 minutes'
# (the expect suite checks them)
sed -e 's/start: "2026-03-04T23:59:00Z"/start: "2026-03-04T23:59:50Z"/' \
	-e 's/duration: 2m,/duration: 20s,/' -e '/^expect:/,$d' \
	"$src/scenarios/compare-iot.yaml" >"$tmp/compare-iot.yaml"
grep -q 'duration: 20s, rate: 2000/s' "$tmp/compare-iot.yaml"
grep -q '23:59:50Z' "$tmp/compare-iot.yaml"
cp "$src/scenarios/compare-offices.yaml" "$tmp/compare-offices.yaml"
for sc in compare-iot compare-offices; do
	for f in text json csv; do
		"$pksim" compare "$tmp/$sc.yaml" --format "$f" \
			--jobs 1 >"$tmp/1.out" 2>"$tmp/1.err"
		for j in 2 3 4; do
			"$pksim" compare "$tmp/$sc.yaml" --format "$f" \
				--jobs "$j" >"$tmp/j.out" 2>"$tmp/j.err"
			cmp "$tmp/1.out" "$tmp/j.out"
			cmp "$tmp/1.err" "$tmp/j.err"
		done
	done
done

# rule 8: at t = 0 the phase sets 500 RU/s; variant a (400 RU/s) may,
# big's minimum is 1% of 100,000 = 1,000 and big2's 1% of 200,000 =
# 2,000: one thread stops at big (variant order), so only big's error
cat >"$tmp/two-errors.yaml" <<'YAML'
container: {partition_key: /k, throughput: 100000}
variants:
  - {name: a, throughput: 400}
  - {name: big}
  - {name: big2, throughput: 200000}
phases:
  - {name: x, duration: 5s, rate: 1/s, throughput: 500}
YAML
for j in 1 3; do
	if "$pksim" compare "$tmp/two-errors.yaml" --jobs "$j" \
		>/dev/null 2>"$tmp/err$j"; then
		echo "jobs: two-errors.yaml succeeded with --jobs $j" >&2
		exit 1
	fi
done
cmp "$tmp/err1" "$tmp/err3"
grep -q "below the minimum 1,000 .* in variant 'big'$" "$tmp/err3"
[ "$(wc -l <"$tmp/err3")" -eq 1 ]

# the benchmark workload for 4 s (200,000 operations) under two keys; no
# expect: block, so a run prints nothing else on stderr
sed 's/duration: 40s/duration: 4s/' "$src/scenarios/bench/zipf-2m.yaml" \
	>"$tmp/two.yaml"
printf 'variants:\n  - {name: a}\n  - {name: b, partition_key: /id}\n' \
	>>"$tmp/two.yaml"
PKSIM_PROGRESS_AFTER_MS=0 python3 - "$pksim" "$tmp/two.yaml" <<'PY'
import os, pty, subprocess, sys
pksim, sc = sys.argv[1], sys.argv[2]
cmd = [pksim, "compare", sc, "--format", "json", "--jobs", "2"]

def on_pty(extra):
    m, s = pty.openpty()
    p = subprocess.run(cmd + extra, stdout=subprocess.PIPE, stderr=s)
    os.close(s)
    err = b""
    while True:
        try:
            d = os.read(m, 65536)
        except OSError:
            break
        if not d:
            break
        err += d
    os.close(m)
    assert p.returncode == 0, p.returncode
    return p.stdout, err

plain = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
assert plain.returncode == 0 and plain.stderr == b"", plain.stderr
out, err = on_pty([])
assert out == plain.stdout, "stdout differs on a terminal"
# 200,000 operations, a line every 16,384 (the first at operation 1):
# several draws of one line, each starting with \r, then erased
assert err.startswith(b"\rpksim: simulated 0:00:00 of 0:00:04 (0%)"), err[:80]
assert b" M ops/s" in err and err.endswith(b"\r\x1b[K"), err[-80:]
assert b"\n" not in err, "the progress line must not scroll"
out, err = on_pty(["--quiet"])
assert out == plain.stdout and err == b"", err[:80]
print("jobs: progress on a terminal only")
PY

# The line goes on while retries (or a paced client's
# waiting operations) drain past the phases' end, and says so instead of
# "100%, 0s left". tail: 2 s at 2,000/s, 4,000 creates of 5 RU on
# 400 RU/s: at most 80 a second fit, so at most 160 + the burst by
# 0:00:02 and thousands retry after it (the SDK policy waits up to 30 s).
# paced: 1,000 creates of 5 RU under a 100 RU/s budget go 20 a second,
# 50 s, nearly all past the 2 s of phases. PKSIM_PROGRESS_EVERY_MS=0
# draws every call, so what the line says does not depend on how fast the
# machine is.
printf 'container: {partition_key: /id, throughput: 400}\nphases:\n  - {name: x, duration: 2s, rate: 2000/s}\n' \
	>"$tmp/tail.yaml"
printf 'container: {partition_key: /id, throughput: 400}\nclient: {ru_budget: 100}\nphases:\n  - {name: x, duration: 2s, rate: 500/s}\n' \
	>"$tmp/paced.yaml"
PKSIM_PROGRESS_AFTER_MS=0 PKSIM_PROGRESS_EVERY_MS=0 python3 - "$pksim" "$tmp" <<'PY'
import os, pty, re, subprocess, sys
pksim, tmp = sys.argv[1], sys.argv[2]

def on_pty(sc, extra=()):
    m, s = pty.openpty()
    p = subprocess.run([pksim, "run", sc, *extra], stdout=subprocess.PIPE,
                       stderr=s)
    os.close(s)
    err = b""
    while True:
        try:
            d = os.read(m, 65536)
        except OSError:
            break
        if not d:
            break
        err += d
    os.close(m)
    assert p.returncode == 0, p.returncode
    return err

# tail's 429s get remedies: announced after the line is erased, each a
# whole line, then their replays and share of the wall time; paced has
# no 429 (100 RU/s under 400), so nothing; --no-remedies, nothing
# (the terminal writes each newline as \r\n)
REM = (rb"pksim: replaying the remedies of 1 variant with 429s or a merge candidate \(at most "
       rb"[0-9]+ replays, each as long as the run\); --no-remedies skips "
       rb"them\r\npksim: the remedies' [0-9]+ replays took [0-9.]+ s, "
       rb"[0-9]+% of the wall time\r\n")
for sc, what in (("tail", b"retries"), ("paced", b"waiting ops")):
    err = on_pty(os.path.join(tmp, sc + ".yaml"))
    i = err.find(b"pksim: replaying the remedies")
    rem, err = (err[i:], err[:i]) if i >= 0 else (b"", err)
    if sc == "tail":
        assert re.fullmatch(REM, rem), rem
        i = on_pty(os.path.join(tmp, "tail.yaml"), ["--no-remedies"])
        assert b"remedies" not in i, i[-200:]
    else:
        assert rem == b"", rem
    assert err.startswith(b"\rpksim: simulated 0:00:00 of 0:00:02 (0%)"), err[:80]
    # past the end: no share, no time left, but what is draining
    # (shorter since 2026-12-02: it wrapped at 80 columns)
    line = (rb"\rpksim: simulated 0:00:[0-5][0-9] \(end 0:00:02\), "
            rb"draining " + what + rb", [0-9.]+ M ops/s\x1b\[K")
    assert re.search(line, err), (sc, err[-200:])
    assert b"(100%)" not in err and b"0m 00s left" not in err, (sc, err)
    assert b"\n" not in err and err.endswith(b"\r\x1b[K"), err[-80:]
print("jobs: progress while retries and waiting operations drain; "
      "remedies announced")
PY
