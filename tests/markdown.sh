#!/bin/sh
# markdown: `--format markdown` renders as one table per report in a
# Markdown renderer (Debian's python3-markdown, tables extension): the
# scorecard of compare-iot.yaml (4 variants: 5 header cells, 5 cells in
# every row) and of a compare whose key holds a '|' (escaped, so the
# table keeps its 3 columns), and the one-variant table of a run.
# Skips (exit 77) with a message when python3-markdown is missing.
# Usage (meson test does this): sh tests/markdown.sh PKSIM SOURCE_DIR
set -eu
pksim=$1
src=$2

py=""
for cand in python3 /usr/bin/python3; do
	if command -v "$cand" >/dev/null 2>&1 &&
		"$cand" -c 'import markdown' >/dev/null 2>&1; then
		py=$cand
		break
	fi
done
if [ -z "$py" ]; then
	echo "SKIP: needs python3-markdown (apt install python3-markdown," \
		"or sh tools/bootstrap)"
	exit 77
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pksim-markdown.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

"$pksim" compare "$src/scenarios/compare-iot.yaml" --format markdown \
	-o "$tmp/iot.md"
"$pksim" compare --items "$src/scenarios/data/cosmoslabs_transactions.json" \
	--rate 1000 --key /costCenter --key '{costCenter}|{paidBy}' \
	--query costCenter --format markdown -o "$tmp/pipe.md"
"$pksim" run "$src/scenarios/offices.yaml" --format markdown \
	-o "$tmp/run.md"

check() { # FILE COLUMNS
	"$py" - "$1" "$2" <<'PY'
import sys
from html.parser import HTMLParser
import markdown

path, cols = sys.argv[1], int(sys.argv[2])
html = markdown.markdown(open(path, encoding="utf-8").read(),
                         extensions=["tables"])

class T(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables = 0
        self.rows = []
    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables += 1
        elif tag == "tr":
            self.rows.append(0)
        elif tag in ("td", "th"):
            self.rows[-1] += 1

t = T()
t.feed(html)
if t.tables != 1:
    sys.exit("%s: %d tables, expected 1" % (path, t.tables))
if len(t.rows) < 20:
    sys.exit("%s: %d table rows, expected the scorecard's 22" %
             (path, len(t.rows)))
bad = [n for n in t.rows if n != cols]
if bad:
    sys.exit("%s: rows with %s cells, expected %d" % (path, bad, cols))
for h in ("<h2>Assumptions</h2>", "<h2>Scorecard</h2>",
          "<h2>Ranking</h2>", "<h2>Findings</h2>"):
    if h not in html:
        sys.exit("%s: no %s" % (path, h))
print("%s: 1 table, %d rows of %d cells" % (path, len(t.rows), cols))
PY
}
check "$tmp/iot.md" 5
check "$tmp/pipe.md" 3
check "$tmp/run.md" 2
grep -q '{costCenter}\\|{paidBy}' "$tmp/pipe.md"
