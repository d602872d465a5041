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
"$pksim" compare "$src/scenarios/compare-iot.yaml" --format csv \
	-o compare.csv
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

# By hand: variant a has rows at t = 0 and t = 3 (range 0), variant b at
# t = 1. a's seconds 1 and 2 were idle: 0; b's second 0 was idle: 0.
# Averaging the variants would have given a 0.5 at t = 1.
rows = pd.DataFrame({
    "variant": ["a", "a", "b"],
    "t_s": [0, 3, 1],
    "range_id": [0, 0, 0],
    "normalized_ru": [0.5, 0.25, 1.0],
})
a = per_second(rows, "a")
assert list(a.index) == [0, 1, 2, 3], a
assert list(a[0]) == [0.5, 0.0, 0.0, 0.25], a
b = per_second(rows, "b")
assert list(b.index) == [0, 1], b
assert list(b[0]) == [0.0, 1.0], b

# The real compare CSV: one column per range the variant had, every
# second from 0 to its last, no gaps or NaN.
c = pd.read_csv("compare.csv")
for variant in c["variant"].unique():
    v = c[c["variant"] == variant]
    t = per_second(c, variant)
    assert list(t.index) == list(range(0, v["t_s"].max() + 1)), variant
    assert sorted(t.columns) == sorted(v["range_id"].unique()), variant
    assert not t.isna().any().any(), variant
print("ok: README example wrote series.png and compare.png; per_second"
      " selects one variant and fills idle seconds with 0")
PY
