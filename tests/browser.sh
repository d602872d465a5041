#!/bin/sh
# browser: the HTML report of every shipped scenario (pksim run) and of
# scenarios/compare-iot.yaml (pksim compare), loaded in headless Chromium
# (Debian package chromium; sh tools/bootstrap installs it), one start a
# page: its screenshot and its DOM are checked by tests/browser_check.py
# (no console message, every section, the legend, one band per range in
# every heat map column, no outside reference, a screenshot that is not
# blank), and the page by tidy (HTML validity). Chromium never reaches
# the network: every host resolves to nothing and background services
# are off. Then the checks are shown to fail: a page with a console
# error and nothing drawn, and a page with one band removed.
# A missing Chromium, tidy or python3-pil FAILS the test; it never skips.
# Usage (meson test does this): sh tests/browser.sh PKSIM SOURCE_DIR
set -eu
pksim=$1
src=$2
py=/usr/bin/python3
fail() {
	echo "FAIL: $*" >&2
	exit 1
}

chrome=""
for c in chromium chromium-browser; do
	if command -v "$c" >/dev/null 2>&1; then
		chrome=$c
		break
	fi
done
[ -n "$chrome" ] || fail "no chromium found (apt install chromium, or" \
	"sh tools/bootstrap)"
command -v tidy >/dev/null 2>&1 || fail "no tidy (apt install tidy)"
"$py" -c 'import PIL' 2>/dev/null ||
	fail "no python3-pil for $py (apt install python3-pil)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pksim-browser.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# load PAGE: screenshot PAGE.png, DOM PAGE.dom, log PAGE.log
load() {
	rm -rf "$tmp/profile"
	timeout 120 "$chrome" --headless --no-sandbox --disable-gpu \
		--disable-quic --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--host-resolver-rules='MAP * ~NOTFOUND' \
		--user-data-dir="$tmp/profile" --hide-scrollbars \
		--window-size=1000,1600 --enable-logging=stderr --v=0 \
		--screenshot="$1.png" --dump-dom "file://$1.html" \
		>"$1.dom" 2>"$1.log" || fail "chromium failed on $1.html:" \
		"$(tail -5 "$1.log")"
	[ -s "$1.png" ] || fail "no screenshot of $1.html"
}

# ranges at the end of each variant, from the JSON report
ranges() {
	"$py" -c 'import json, sys
d = json.load(sys.stdin)
print(",".join(str(len(v["physical_partitions"])) for v in d["variants"]))'
}

# tidy: exit 0 clean, 1 warnings, 2 errors; warnings fail too
valid() {
	if ! out=$(tidy -q -e "$1" 2>&1); then
		fail "tidy on $1: $out"
	fi
}

n=0
for sc in "$src"/scenarios/*.yaml; do
	name=$(basename "$sc" .yaml)
	page=$tmp/$name
	"$pksim" run "$sc" --format html -o "$page.html" ||
		fail "pksim run $sc --format html"
	r=$("$pksim" run "$sc" --format json | ranges)
	valid "$page.html"
	load "$page"
	"$py" "$src/tests/browser_check.py" run "$page.dom" "$page.png" \
		"$page.log" "$r" || fail "$name"
	n=$((n + 1))
done
[ "$n" -ge 10 ] || fail "only $n scenarios found in $src/scenarios"

page=$tmp/compare-iot
"$pksim" compare "$src/scenarios/compare-iot.yaml" --format html \
	-o "$page.html" || fail "pksim compare --format html"
r=$("$pksim" compare "$src/scenarios/compare-iot.yaml" --format json | ranges)
valid "$page.html"
load "$page"
"$py" "$src/tests/browser_check.py" compare "$page.dom" "$page.png" \
	"$page.log" "$r" || fail "compare-iot"

# The checks can fail. A page that logs an error and draws nothing:
page=$tmp/broken
printf '%s\n' '<!DOCTYPE html><html lang="en"><head><title>x</title>' \
	'</head><body><script>console.error("broken")</script></body></html>' \
	>"$page.html"
load "$page"
out=$("$py" "$src/tests/browser_check.py" run "$page.dom" "$page.png" \
	"$page.log" 3) && fail "browser_check passed a broken page"
for want in "console message" "section summary missing" "no legend" \
	"screenshot nearly blank"; do
	case $out in
	*"$want"*) ;;
	*) fail "browser_check did not say '$want' of a broken page: $out" ;;
	esac
done
# ... and iot-by-day's DOM with the first band of a column removed:
"$py" - "$tmp/iot-by-day.dom" "$tmp/gap.dom" <<'PY'
import re, sys
d = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<g class="col" data-t="5">(<rect class="band".*?</rect>)', d)
open(sys.argv[2], "w", encoding="utf-8").write(
    d[:m.start(1)] + d[m.end(1):])
PY
out=$("$py" "$src/tests/browser_check.py" run "$tmp/gap.dom" \
	"$tmp/iot-by-day.png" "$tmp/iot-by-day.log" 3) &&
	fail "browser_check passed a heat map with a band missing"
case $out in
*"column 5: band"*) ;;
*) fail "browser_check did not name column 5: $out" ;;
esac
# tidy finds an error
printf '<!DOCTYPE html><html><head><title>x</title></head><body><p>a</b>' \
	>"$tmp/invalid.html"
tidy -q -e "$tmp/invalid.html" >/dev/null 2>&1 &&
	fail "tidy passed an invalid page"
echo "browser: $n scenarios and one compare checked in $chrome"
