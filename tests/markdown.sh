#!/bin/sh
# markdown: `--format markdown` renders as tables in a Markdown renderer
# (Debian's python3-markdown, tables extension): the scorecard of
# compare-iot.yaml (4 variants: 5 header cells, 5 cells in every row) and
# of a compare whose key holds a '|' (escaped, so the table keeps its 3
# columns), and the one-variant table of a run. The compare with
# --query has a second table, the queries: query, variant and 6 figures
# (8 cells) in a header row and one row per query and variant (1 x 2).
# Every report ends its tables with the change feed's (rule 39): variant
# and 7 figures (8 cells), a header row and one row per variant.
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

check() { # FILE COLUMNS VARIANTS [QUERY_ROWS]
	"$py" - "$1" "$2" "$3" "${4:-0}" <<'PY'
import sys
from html.parser import HTMLParser
import markdown

path, cols, nvar, qrows = (sys.argv[1], int(sys.argv[2]), int(sys.argv[3]),
                           int(sys.argv[4]))
html = markdown.markdown(open(path, encoding="utf-8").read(),
                         extensions=["tables"])

class T(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tables = []
    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append(0)
        elif tag in ("td", "th"):
            self.tables[-1][-1] += 1

t = T()
t.feed(html)
# each variant with 429s ends with its remedies table (after the others)
nrem = html.count("<h4>Remedies (replayed)</h4>")
# and with money each priced variant's bill, last (line, quantity,
# amount, prices: 4 cells)
nmon = html.count("<th>quantity</th>")
want = (2 if qrows else 1) + 1 + nrem + nmon
if len(t.tables) != want:
    sys.exit("%s: %d tables, expected %d" % (path, len(t.tables), want))
for r in t.tables[want - nmon:]:
    if len(r) < 6 or any(n != 4 for n in r):
        sys.exit("%s: a money table has rows of %s cells, expected 4"
                 % (path, r))
if "<h2>Money</h2>" not in html:
    sys.exit("%s: no <h2>Money</h2>" % path)
for r in t.tables[want - nrem - nmon:want - nmon]:
    if len(r) < 2 or any(n not in (6, 7) for n in r):
        sys.exit("%s: a remedies table has rows of %s cells, expected 6 "
                 "(7 for autoscale)" % (path, r))
if qrows:
    q = t.tables[1]
    if len(q) != 1 + qrows or any(n != 8 for n in q):
        sys.exit("%s: the queries table has rows of %s cells, expected "
                 "%d rows of 8" % (path, q, 1 + qrows))
    if "<h2>Queries</h2>" not in html:
        sys.exit("%s: no <h2>Queries</h2>" % path)
cf = t.tables[want - nrem - nmon - 1]
if len(cf) != 1 + nvar or any(n != 8 for n in cf):
    sys.exit("%s: the change feed table has rows of %s cells, expected "
             "%d rows of 8" % (path, cf, 1 + nvar))
if "<h2>Change feed</h2>" not in html:
    sys.exit("%s: no <h2>Change feed</h2>" % path)
t.rows = t.tables[0]
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
print("%s: %d table(s), the first %d rows of %d cells" %
      (path, want, len(t.rows), cols))
PY
}
check "$tmp/iot.md" 5 4
check "$tmp/pipe.md" 3 2 2
check "$tmp/run.md" 2 1
grep -q '{costCenter}\\|{paidBy}' "$tmp/pipe.md"
