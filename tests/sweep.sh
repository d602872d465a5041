#!/bin/sh
# sweep: the README's sweep, run as written: one
# `pksim compare SCENARIO --variant NAME` per variant of
# scenarios/compare-iot.yaml, four at a time with xargs -P, merged by
# `pksim merge`, must equal one `pksim compare` of all four (as parsed
# JSON and byte for byte). The ranks in the merge are not the single
# runs' (each ranks itself 1): in the full compare date ranks 4 (88.5 %
# of its requests rate limited, 56,594 operations failed), date-bucket,
# device and device-date =1 (no failures, no 429s, RU of the operations
# equal: the same 1 KB writes and reads; their ranges' shares and peaks
# differ within the noise of hash placement, scorecard.h, which the merge
# reads from each report's range_share_sd), so a merge that kept the
# runs' own ranks fails. A merge missing a variant must differ, and
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
"$pksim" merge "$tmp/device.json" "$tmp/date.json" \
	"$tmp/device-date.json" "$tmp/date-bucket.json" >"$tmp/merged.json"
"$pksim" merge "$tmp/device.json" "$tmp/date.json" \
	"$tmp/device-date.json" -o "$tmp/three.json"
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
# the full compare ranks them =1, 4, =1, =1 (see the header)
assert [v["scorecard"]["rank"] for v in full["variants"]] == [1, 4, 1, 1]
assert merged == full, "merged sweep differs from one compare"
assert three != full, "a merge missing a variant equals the full compare"
print("sweep: merged = single compare")
PY
cmp -s "$tmp/merged.json" "$tmp/all.json" ||
	{ echo "sweep: the merge is not byte for byte one compare" >&2; exit 1; }

# A rank decided by 429s: scenarios/monitor-tuesday.yaml
# ranks new-50k 3 "ahead of today on 429s per operation: 0.0630 (435)
# vs 0.0870 (600)" (its 6,900 operations: 435 / 6,900 = 0.0630, 600 /
# 6,900 = 0.0870, both over the 1 % healthy line). The merge must say
# it in compare's words (the rate, then the count), byte for byte.
mt="$src/scenarios/monitor-tuesday.yaml"
"$pksim" compare "$mt" --format json -o "$tmp/mt.json" 2>/dev/null
"$pksim" compare "$mt" --variant today --variant today-burst \
	--format json -o "$tmp/mt1.json" 2>/dev/null
"$pksim" compare "$mt" --variant manual-20k --format json \
	-o "$tmp/mt2.json" 2>/dev/null
"$pksim" compare "$mt" --variant new-50k --variant autoscale-20k \
	--format json -o "$tmp/mt3.json" 2>/dev/null
"$pksim" merge "$tmp/mt1.json" "$tmp/mt2.json" "$tmp/mt3.json" \
	>"$tmp/mtm.json"
grep -q '"reason": "ahead of today on 429s per operation: 0.0630 (435) vs 0.0870 (600)"' "$tmp/mtm.json" ||
	{ echo "sweep: the 429 reason is not compare's" >&2; exit 1; }
cmp -s "$tmp/mtm.json" "$tmp/mt.json" ||
	{ echo "sweep: monitor-tuesday's merge is not one compare" >&2; exit 1; }

# A scenario with streams:
# scenarios/throughput-bucket.yaml's two variants, run apart with
# xargs -P, merged, equal one compare byte for byte. Each run ranks
# itself 1; the full compare ranks no-bucket 1 and bucket 2 "ahead of
# bucket on operations failed or refused: 33.3% vs 53.3%" (the header:
# no-bucket fails 330 + 670 = 1,000 of 3,000 operations = 33.3 %,
# bucket 1,600 of 3,000 = 53.3 %), so a merge that kept the runs' own
# ranks differs.
tb="$src/scenarios/throughput-bucket.yaml"
"$pksim" compare "$tb" --format json -o "$tmp/tb.json" 2>/dev/null
printf '%s\n' bucket no-bucket |
	xargs -P 2 -I NAME "$pksim" compare "$tb" --variant NAME \
		--format json -o "$tmp/tb-NAME.json" 2>/dev/null
"$pksim" merge "$tmp/tb-bucket.json" "$tmp/tb-no-bucket.json" \
	-o "$tmp/tbm.json"
python3 - "$tmp" <<'PY'
import json, sys
d = sys.argv[1]
load = lambda n: json.load(open(f"{d}/{n}.json", encoding="utf-8"))
for n in ("bucket", "no-bucket"):
    assert load("tb-" + n)["variants"][0]["scorecard"]["rank"] == 1, n
full = load("tb")
cards = [v["scorecard"] for v in full["variants"]]
assert [c["rank"] for c in cards] == [2, 1], cards
assert cards[1]["reason"] == ("ahead of bucket on operations failed or "
                              "refused: 33.3% vs 53.3%"), cards[1]["reason"]
assert load("tbm") == full, "the streams sweep's merge differs"
PY
cmp -s "$tmp/tbm.json" "$tmp/tb.json" ||
	{ echo "sweep: throughput-bucket's merge is not one compare" >&2; exit 1; }

# --variant twice keeps both, in the scenario's order
python3 - "$tmp/mt3.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1], encoding="utf-8"))
assert [v["name"] for v in r["variants"]] == ["autoscale-20k", "new-50k"], r
PY

# Refusals, each an error and exit 2: a variant of
# another workload (the scenario with a quarter of its rate, same name
# and seed), the same variant twice, a full compare with one of its
# variants, a `pksim run` report, a text report, a missing file, no
# report.
sed 's|rate: 2000/s|rate: 500/s|' "$sc" >"$tmp/iot-mod.yaml"
! cmp -s "$sc" "$tmp/iot-mod.yaml" || { echo "sweep: sed changed nothing" >&2; exit 1; }
"$pksim" compare "$tmp/iot-mod.yaml" --variant date --format json \
	-o "$tmp/mod.json" 2>/dev/null
"$pksim" run "$sc" --format json -o "$tmp/run.json" 2>/dev/null
"$pksim" compare "$sc" --variant date -o "$tmp/date.txt" 2>/dev/null
refuse() { # WHAT MESSAGE FILE...
	what=$1 msg=$2
	shift 2
	if "$pksim" merge "$@" >/dev/null 2>"$tmp/err"; then
		echo "sweep: merged $what" >&2
		exit 1
	else
		rc=$?
	fi
	[ "$rc" -eq 2 ] || { echo "sweep: $what: exit $rc, want 2" >&2; exit 1; }
	grep -q "$msg" "$tmp/err" || { echo "sweep: $what: said" >&2; cat "$tmp/err" >&2; exit 1; }
}
refuse "another workload" "runs of different workloads" \
	"$tmp/device.json" "$tmp/mod.json"
refuse "a variant twice" "variant 'device' is in" \
	"$tmp/device.json" "$tmp/device.json"
refuse "a compare and its variant" "variant 'date' is in" \
	"$tmp/all.json" "$tmp/date.json"
refuse "a run report" "a .pksim run. report" "$tmp/device.json" "$tmp/run.json"
refuse "a text report" "not JSON" "$tmp/device.json" "$tmp/date.txt"
# --items runs differing in --rate: different workloads
printf '{"id":"r%d","k":"k%d"}\n' 1 1 2 2 3 1 >"$tmp/rec.jsonl"
"$pksim" compare --items "$tmp/rec.jsonl" --key /k --key /id --rate 100 \
	--variant /k --format json -o "$tmp/ia.json" 2>/dev/null
"$pksim" compare --items "$tmp/rec.jsonl" --key /k --key /id --rate 200 \
	--variant /id --format json -o "$tmp/ib.json" 2>/dev/null
refuse "--items at two rates" "runs of different workloads" \
	"$tmp/ia.json" "$tmp/ib.json"
refuse "a missing file" "cannot open: No such file" "$tmp/device.json" \
	"$tmp/absent.json"
refuse "nothing" "give at least one report"
# a directory is not a report; standard input is not read
mkdir -p "$tmp/adir"
refuse "a directory" "a directory, not a report" "$tmp/device.json" "$tmp/adir"
refuse "standard input" "not standard input" "$tmp/device.json" - <"$tmp/date.json"
"$pksim" merge --help | grep -q "^usage: pksim merge "

if "$pksim" compare "$sc" --variant nope >/dev/null 2>"$tmp/err"; then
	echo "sweep: --variant nope succeeded" >&2
	exit 1
else
	rc=$?
fi
[ "$rc" -eq 2 ] || { echo "sweep: --variant nope exit $rc, want 2" >&2; exit 1; }
grep -q "no variant named 'nope'" "$tmp/err"
if "$pksim" compare "$sc" --variant date --variant date >/dev/null \
	2>"$tmp/err"; then
	echo "sweep: --variant date twice succeeded" >&2
	exit 1
else
	rc=$?
fi
[ "$rc" -eq 2 ] || { echo "sweep: --variant twice exit $rc, want 2" >&2; exit 1; }
grep -q "variant 'date' given twice" "$tmp/err"
