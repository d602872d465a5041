#!/bin/sh
# browser: the HTML report of every shipped scenario (pksim run) and of
# scenarios/compare-iot.yaml (pksim compare), loaded in headless Chromium
# (Debian package chromium; sh tools/bootstrap installs it): every page
# is made first, then all are loaded in one Chromium
# (tests/browser_load.js: a start a page cost most of this test's time),
# then each page's screenshot, DOM and console log are checked by
# tests/browser_check.py
# (no console message, every section, the legend, one band per range in
# every heat map column, no outside reference, a screenshot that is not
# blank, labels that do not overlap, the storage cap where the axis puts
# it, separators and time order; facts derived by hand for some pages),
# and the page by tidy (HTML validity). A run longer than a day is one of
# the pages (tests/good/two-days.yaml). Chromium never reaches
# the network: every host resolves to nothing and background services
# are off. Then the checks are shown to fail: a page with a console
# error and nothing drawn, and a page with one band removed.
# A missing Chromium, tidy or python3-pil FAILS the test; it never skips.
# Needs node >= 20.10 (browser_load.js drives Chromium over node's
# WebSocket, as tests/web_page.js does).
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
node --experimental-websocket \
	-e 'typeof WebSocket === "function" || process.exit(1)' \
	>/dev/null 2>&1 || fail "no node >= 20.10 (its WebSocket drives" \
	"Chromium): found $(node --version 2>/dev/null || echo no node)"
"$py" -c 'import PIL' 2>/dev/null ||
	fail "no python3-pil for $py (apt install python3-pil)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/pksim-browser.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

# load PAGE...: each PAGE.html loaded in one Chromium (browser_load.js):
# screenshot PAGE.png, DOM PAGE.dom, console log PAGE.log
load() {
	timeout 600 node --experimental-websocket "$src/tests/browser_load.js" \
		"$@" >"$tmp/load.log" 2>&1 ||
		fail "chromium failed: $(tail -5 "$tmp/load.log")"
	for p in "$@"; do
		[ -s "$p.png" ] || fail "no screenshot of $p.html"
	done
}

# measured PAGE...: each PAGE.html with a script that writes where
# Chromium laid out each svg and its texts (client boxes, CSS px) into a
# hidden <pre id="geom"> for browser_check.py's geometry check; the page
# itself needs no script (tidy checks the page without it). One python3
# for all the pages: a python3 start is about half a second of CPU.
measured() {
	"$py" - "$@" <<'PY'
import sys
for page in sys.argv[1:]:
    p = page + ".html"
    d = open(p, encoding="utf-8").read()
    js = ("<script>(function(){var o=[];document.querySelectorAll('svg')"
          ".forEach(function(s){var r=s.getBoundingClientRect(),t=[];"
          "s.querySelectorAll('text').forEach(function(e){var b=e."
          "getBoundingClientRect();t.push([e.getAttribute('class')||'',"
          "e.textContent,b.left,b.top,b.right,b.bottom]);});o.push({cls:"
          "s.getAttribute('class'),box:[r.left,r.top,r.right,r.bottom],"
          "texts:t});});var p=document.createElement('pre');p.id='geom';"
          "p.hidden=true;p.textContent=JSON.stringify(o);document.body."
          "appendChild(p);})();</script>")
    open(p, "w", encoding="utf-8").write(d.replace("</body>", js + "</body>"))
PY
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

# run SCENARIO [WANT...]: with mode=make, its page rendered, validated
# and listed in $tmp/pages for measuring and loading; with mode=check,
# the loaded page listed in $tmp/checks to be checked, with the facts
# WANT derived by hand (browser_check.py's usage; its batch file: one
# page a line, arguments separated by tabs)
run_page() {
	sc=$1
	shift
	name=$(basename "$sc" .yaml)
	page=$tmp/$name
	if [ "$mode" = make ]; then
		"$pksim" run "$sc" --format html -o "$page.html" ||
			fail "pksim run $sc --format html"
		# a shipped scenario's JSON report is its golden one, which
		# the golden suite holds byte for byte to the binary's
		case $sc in
		"$src"/scenarios/*)
			ranges <"$src/tests/golden/$name.json" >"$page.ranges" ||
				fail "no tests/golden/$name.json"
			;;
		*) "$pksim" run "$sc" --format json | ranges >"$page.ranges" ;;
		esac
		valid "$page.html"
		echo "$page" >>"$tmp/pages"
		return 0
	fi
	{
		printf 'run\t%s\t%s\t%s\t%s' "$page.dom" "$page.png" \
			"$page.log" "$(cat "$page.ranges")"
		for want in "$@"; do
			printf '\t%s' "$want"
		done
		printf '\n'
	} >>"$tmp/checks"
}

# every page, made (mode=make) or checked (mode=check)
pages() {
	for sc in "$src"/scenarios/*.yaml; do
		case $(basename "$sc" .yaml) in
		throughput-split)
			# Created at 18,000 RU/s: 18,000 / 6,000 = 3 ranges (rule 2),
			# ids 0, 1, 2. Raised to 30,000 at t = 20 s (<= 3 x 10,000:
			# no split) and to 45,000 at 40 s: ceil(45,000 / 10,000) = 5
			# ranges, so 2 splits, widest first and the lowest index
			# among equals (container_layout.c's ASSUMPTION): 0, then 1.
			# Two throughput changes, both drawn; 0 and 1 are gone
			# before the end, so named inside the map. Storage: 60 s of
			# creates is MiBs, far under the 50 GiB default cap.
			run_page "$sc" changes=2 label="range 0" label="range 1" \
				text="throughput 18,000 to 30,000 RU/s" \
				text="at the start: 3 physical partitions, created at 18,000 RU/s" \
				text="at the end: 5 physical partitions (2 splits), 45,000 RU/s" \
				cap-above="cap 50.0 GiB"
			;;
		storage-split)
			# A 32 MB (32 x 2^20 B) cap: 1 range at 6,000 RU/s (rule 2),
			# id 0, splits into 1 and 2, which split into 3 .. 6: ranges
			# 0, 1 and 2 are gone before the end. Each range peaks just
			# over the cap before it splits, so the cap is on the scale
			# (the data come within a fifth of it), in MiB.
			run_page "$sc" label="range 0" label="range 1" \
				label="range 2" cap="cap 32.0 MiB" \
				text="storage per range, MiB"
			;;
		iot-by-day)
			# 3 min of 1,800 creates/s of 1 KB: about 316 MiB, far under
			# the 50 GiB default cap: an arrow says it is above the scale
			run_page "$sc" cap-above="cap 50.0 GiB"
			;;
		*) run_page "$sc" ;;
		esac
		n=$((n + 1))
	done

	# A run longer than a day (tests/good/two-days.yaml, whose header has the
	# arithmetic): 300 s buckets, 172,800 / 300 = 576 columns; midnights at
	# 12 h and 36 h; one throughput change (600 -> 900 at 24 h) without a
	# split; 2.5 GiB at most a range, far under the 50 GiB cap.
	run_page "$src/tests/good/two-days.yaml" bucket=300 columns=576 changes=1 \
		midnights=2 text="one record per 300 s" \
		text="throughput 600 to 900 RU/s" cap-above="cap 50.0 GiB" \
		text="at the end: 3 physical partitions (no split or merge), 900 RU/s"

	# Midnights of runs of 3 days, a week and a year (each file's header
	# has the arithmetic): labels thinned to fit, never overlapping or
	# clipped (the geometry check of every page), a year not a black bar.
	run_page "$src/tests/good/three-days.yaml" midnights=3 \
		"midnight-labels=00:00 Thu 2026-03-05,00:00 Fri 2026-03-06"
	run_page "$src/tests/good/week.yaml" midnights=7 \
		"midnight-labels=Thu 03-05,Fri 03-06,Sat 03-07,Sun 03-08,Mon 03-09,Tue 03-10,Wed 03-11"
	run_page "$src/tests/good/year.yaml" midnights=14 \
		"midnight-labels=03-05,04-02,04-30,05-28,06-25,07-23,08-20,09-17,10-15,11-12,12-10,01-07,02-04,03-04"
}

: >"$tmp/pages"
mode="make"
pages
# (named apart from the run of compare-iot.yaml, one of the pages)
page=$tmp/compare-of-iot
"$pksim" compare "$src/scenarios/compare-iot.yaml" --format html \
	-o "$page.html" || fail "pksim compare --format html"
r=$("$pksim" compare "$src/scenarios/compare-iot.yaml" --format json | ranges)
valid "$page.html"
# shellcheck disable=SC2046
measured $(cat "$tmp/pages") "$page"
# For the checks that must fail (below): a page that logs an error and
# draws nothing; the three-day page with its last midnight label drawn
# where the old code put it (right of its line at 724 px, past the
# drawing's 856 px)
printf '%s\n' '<!DOCTYPE html><html lang="en"><head><title>x</title>' \
	'</head><body><script>console.error("broken")</script></body></html>' \
	>"$tmp/broken.html"
"$py" - "$tmp/three-days.html" "$tmp/clipped.html" <<'PY'
import sys
d = open(sys.argv[1], encoding="utf-8").read()
i = d.index('<text class="midnight"')
open(sys.argv[2], "w", encoding="utf-8").write(
    d[:i] + '<text class="midnight" x="727.0" y="14">00:00 Sat '
    '2026-03-07</text>' + d[i:])
PY
# shellcheck disable=SC2046
load $(cat "$tmp/pages") "$page" "$tmp/broken" "$tmp/clipped"

n=0
mode="check"
: >"$tmp/checks"
pages
[ "$n" -ge 10 ] || fail "only $n scenarios found in $src/scenarios"
page=$tmp/compare-of-iot
printf 'compare\t%s\t%s\t%s\t%s\n' "$page.dom" "$page.png" "$page.log" \
	"$r" >>"$tmp/checks"
"$py" "$src/tests/browser_check.py" batch "$tmp/checks" ||
	fail "browser_check (above)"

# The checks can fail. A page that logs an error and draws nothing:
page=$tmp/broken
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
# ... and pages changed so that each newer check must fail (the message
# it must give after the colon): a chart label moved onto another, the
# storage cap line moved 20 px off where the ticks put 32 MiB, a number
# without separators, the actions table out of time order, a split
# parent's label removed
"$py" - "$tmp" <<'PY'
import re, sys
t = sys.argv[1]
ts = open(t + "/throughput-split.dom", encoding="utf-8").read()
ss = open(t + "/storage-split.dom", encoding="utf-8").read()
def put(name, d):
    open("%s/%s.dom" % (t, name), "w", encoding="utf-8").write(d)
# the share chart's label of range 4 onto range 3's y
c = ts.index('class="chart share"')
m3 = re.compile(r'<text class="rid" x="778" y="([\d.]+)">range 3<').search(ts, c)
m4 = re.compile(r'(<text class="rid" x="778" y=")[\d.]+(">range 4<)').search(ts, c)
put("overlap", ts[:m4.start()] + m4.group(1) + m3.group(1) + m4.group(2)
    + ts[m4.end():])
c = ss.index('class="chart storage"')
m = re.compile(r'<line class="ref" x1="44" y1="([\d.]+)" x2="764" '
               r'y2="[\d.]+"').search(ss, c)
y = float(m.group(1)) + 20
put("capline", ss[:m.start()] + '<line class="ref" x1="44" y1="%.1f" '
    'x2="764" y2="%.1f"' % (y, y) + ss[m.end():])
put("bare", ts.replace("18,000 to 30,000", "18000 to 30000", 1))
rows = re.findall(r"<tr><td class=\"n\">.*?</tr>", ts[ts.index(
    'id="timeline"'):])
put("order", ts.replace(rows[0] + rows[1], rows[1] + rows[0], 1)
    if rows[0] + rows[1] in ts else ts.replace(rows[0] + "\n" + rows[1],
                                              rows[1] + "\n" + rows[0], 1))
put("nolabel", re.sub(r'<text class="rid inband"[^>]*>range 0</text>', "",
                      ts, count=1))
PY
for case in "overlap:labels at y" "capline:cap line at y" \
	"bare:a number without separators: '18000'" \
	"order:actions table out of time order" \
	"nolabel:range 0 (gone before the end"; do
	dom=${case%%:*}
	want=${case#*:}
	# ranges at the end: throughput-split 5, storage-split 4 (the
	# headers' arithmetic)
	base=throughput-split r=5
	[ "$dom" = capline ] && base=storage-split r=4
	out=$("$py" "$src/tests/browser_check.py" run "$tmp/$dom.dom" \
		"$tmp/$base.png" "$tmp/$base.log" "$r") &&
		fail "browser_check passed the page changed by '$dom'"
	case $out in
	*"$want"*) ;;
	*) fail "browser_check did not say '$want' of '$dom': $out" ;;
	esac
done
# ... and the geometry check: the three-day page with its last midnight
# label past the drawing's edge (made and loaded above); and its
# measured boxes with the second midnight label moved onto the first
out=$("$py" "$src/tests/browser_check.py" run "$tmp/clipped.dom" \
	"$tmp/clipped.png" "$tmp/clipped.log" 3) &&
	fail "browser_check passed a clipped midnight label"
case $out in
*"text '00:00 Sat 2026-03-07' at x"*"outside its box"*) ;;
*) fail "browser_check did not find the clipped label: $out" ;;
esac
"$py" - "$tmp/three-days.dom" "$tmp/overlap2.dom" <<'PY'
import html, json, re, sys
d = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'(<pre id="geom"[^>]*>)(.*?)(</pre>)', d, re.S)
g = json.loads(html.unescape(m.group(2)))
mid = [t for t in g[0]["texts"] if t[0] == "midnight"]
mid[1][2:] = [mid[0][2] + 5, mid[0][3], mid[0][4] + 5, mid[0][5]]
open(sys.argv[2], "w", encoding="utf-8").write(
    d[:m.start(2)] + html.escape(json.dumps(g)) + d[m.end(2):])
PY
out=$("$py" "$src/tests/browser_check.py" run "$tmp/overlap2.dom" \
	"$tmp/three-days.png" "$tmp/three-days.log" 3) &&
	fail "browser_check passed overlapping midnight labels"
case $out in
*"labels '00:00 Thu 2026-03-05' and '00:00 Fri 2026-03-06' overlap"*) ;;
*) fail "browser_check did not find the overlap: $out" ;;
esac
# tidy finds an error
printf '<!DOCTYPE html><html><head><title>x</title></head><body><p>a</b>' \
	>"$tmp/invalid.html"
tidy -q -e "$tmp/invalid.html" >/dev/null 2>&1 &&
	fail "tidy passed an invalid page"
echo "browser: $n scenarios, runs of two days, three days, a week and" \
	"a year, and one compare checked in $chrome"
