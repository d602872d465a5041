#!/bin/sh
# sweep: the README's sweep (issue 13 section 5), run as written: one
# `pksim compare SCENARIO --variant NAME` per variant of
# scenarios/compare-iot.yaml, four at a time with xargs -P, merged by
# tools/merge-compare.py, must equal one `pksim compare` of all four
# (compared as parsed JSON). The ranks in the merge are not the single
# runs' (each ranks itself 1): in the full compare date ranks 4 (88.5 %
# of its requests rate limited, 56,708 operations failed), date-bucket 3
# and device and device-date tie at 1 (no failures, no 429s, RU of the
# operations equal: the same 1 KB writes and reads), so a merge that kept
# the runs' own ranks fails. A merge missing a variant must differ, and
# --variant with an unknown name is exit 2.
# Usage (meson test does this): sh tests/sweep.sh PKSIM SOURCE_DIR
set -eu
pksim=$1
src=$2
sc="$src/scenarios/compare-iot.yaml"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pksim-sweep.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

"$pksim" compare "$sc" --format json -o "$tmp/all.json"
printf '%s\n' device date device-date date-bucket |
	xargs -P 4 -I NAME "$pksim" compare "$sc" --variant NAME \
		--format json -o "$tmp/NAME.json"
python3 "$src/tools/merge-compare.py" "$tmp/device.json" "$tmp/date.json" \
	"$tmp/device-date.json" "$tmp/date-bucket.json" >"$tmp/merged.json"
python3 "$src/tools/merge-compare.py" "$tmp/device.json" "$tmp/date.json" \
	"$tmp/device-date.json" >"$tmp/three.json"
python3 - "$tmp" <<'PY'
import json, sys
d = sys.argv[1]
load = lambda n: json.load(open(f"{d}/{n}.json", encoding="utf-8"))
full, merged, three = load("all"), load("merged"), load("three")
# one run per variant: each ranks itself first
for n in ("device", "date", "device-date", "date-bucket"):
    one = load(n)
    assert len(one["variants"]) == 1 and one["variants"][0]["name"] == n, n
    assert one["variants"][0]["scorecard"]["rank"] == 1, n
# the full compare ranks them 1, 4, 1, 3 (see the header)
assert [v["scorecard"]["rank"] for v in full["variants"]] == [1, 4, 1, 3]
assert merged == full, "merged sweep differs from one compare"
assert three != full, "a merge missing a variant equals the full compare"
print("sweep: merged = single compare")
PY
if "$pksim" compare "$sc" --variant nope >/dev/null 2>"$tmp/err"; then
	echo "sweep: --variant nope succeeded" >&2
	exit 1
else
	rc=$?
fi
[ "$rc" -eq 2 ] || { echo "sweep: --variant nope exit $rc, want 2" >&2; exit 1; }
grep -q "no variant named 'nope'" "$tmp/err"
