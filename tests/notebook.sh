#!/bin/sh
# notebook: the README's pandas example, run as written (the ```python
# block after "pandas reads the CSV"), on the CSV of one run and of one
# compare made by the pksim under test; it must write two PNG files with
# no display. Then its per_second() on a table made by hand: a variant is
# selected, never averaged with another, and seconds without rows are 0.
# Skips (exit 77) with a message when pandas or matplotlib is missing.
# Usage (meson test does this): sh tests/notebook.sh PKSIM SOURCE_DIR
set -eu
pksim=$1
src=$2

py=""
for cand in python3 /usr/bin/python3; do
	if command -v "$cand" >/dev/null 2>&1 &&
		"$cand" -c 'import pandas, matplotlib' >/dev/null 2>&1; then
		py=$cand
		break
	fi
done
if [ -z "$py" ]; then
	echo "SKIP: the README's pandas example needs python3-pandas and" \
		"python3-matplotlib (apt install python3-pandas" \
		"python3-matplotlib, or sh tools/bootstrap)"
	exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pksim-notebook.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
cd "$tmp"
"$pksim" run "$src/scenarios/iot-by-day.yaml" --format csv -o series.csv
"$pksim" run "$src/scenarios/iot-by-day.yaml" --format json -o series.json
"$pksim" compare "$src/scenarios/compare-iot.yaml" --format csv \
	-o compare.csv
"$pksim" compare "$src/scenarios/compare-iot.yaml" --format json \
	-o compare.json
awk '/^pandas reads the CSV/ {found = 1}
     found && /^```python$/ {inblock = 1; next}
     inblock && /^```$/ {exit}
     inblock {print}' "$src/README.md" >example.py
[ -s example.py ] || { echo "FAIL: no python block in README.md"; exit 1; }
MPLCONFIGDIR=$tmp/mpl "$py" example.py
for png in series.png compare.png; do
	magic=$(od -An -tx1 -N8 "$png" | tr -d ' \n')
	[ "$magic" = 89504e470d0a1a0a ] || {
		echo "FAIL: $png is not a PNG file (starts $magic)"
		exit 1
	}
done

MPLCONFIGDIR=$tmp/mpl "$py" - <<'PY'
import pandas as pd

ns = {}
exec(open("example.py").read(), ns)
per_second = ns["per_second"]

# By hand: variant a has rows at t = 0 and t = 3 (range "0": range ids
# are strings, as in the JSON report), variant b at
# t = 1. a's seconds 1 and 2 were idle: 0; b's second 0 was idle: 0.
# Averaging the variants would have given a 0.5 at t = 1.
rows = pd.DataFrame({
    "variant": ["a", "a", "b"],
    "t_s": [0, 3, 1],
    "range_id": ["0", "0", "0"],
    "normalized_ru": [0.5, 0.25, 1.0],
})
a = per_second(rows, "a")
assert list(a.index) == [0, 1, 2, 3], a
assert list(a["0"]) == [0.5, 0.0, 0.0, 0.25], a
b = per_second(rows, "b")
assert list(b.index) == [0, 1], b
assert list(b["0"]) == [0.0, 1.0], b

# Storage is forward-filled, not zeroed: range 0 stored 100 bytes at
# t = 0 and nothing was written at t = 1 and 2, so it still holds 100.
rows["storage_bytes"] = [100, 300, 50]
a = per_second(rows, "a", "storage_bytes")
assert list(a["0"]) == [100, 100, 100, 300], a

# The real compare: every range the JSON report lists, each second of the
# run (scenario.duration_s), no gaps or NaN. In compare-iot.yaml the
# variant 'date' keys every write by its calendar day, and the run spans
# midnight (60 s either side): 2 days, 2 logical partitions, at most 2
# ranges written. 18,000 RU/s made 3 ranges of 6,000, so at least one
# range sees no request all run: the report lists it, the CSV has no row.
c = pd.read_csv("compare.csv", dtype={"range_id": str})
run_shape = ns["run_shape"]
ranges, length = run_shape("compare.json")
idle_seen = 0
for variant in c["variant"].unique():
    v = c[c["variant"] == variant]
    t = per_second(c, variant, ranges=ranges[variant], length=length)
    assert list(t.index) == list(range(0, length)), variant
    assert sorted(t.columns) == sorted(ranges[variant]), variant
    assert not t.isna().any().any(), variant
    for r in set(ranges[variant]) - set(v["range_id"].unique()):
        assert (t[r] == 0).all(), (variant, r)
        idle_seen += 1
assert idle_seen >= 1, "no range idle throughout: the case is not tested"
assert "2" in per_second(c, "date", ranges=ranges["date"], length=length)
print("ok: README example wrote series.png and compare.png; per_second"
      " selects one variant, fills idle seconds with 0, storage forward,"
      " and keeps ranges idle throughout")
PY
