#!/bin/sh
# docs: the documentation cites only files in the repository. No
# path into the team folder beside the checkout (the one a user who clones
# the repository does not have); every D-code scenarios/README.md (hence
# pksim-scenario(5)) uses is defined in docs/cosmos-mechanics.md, and the
# page says where; a paragraph of it naming src/ or tests/ says "in the
# source tree" (the installed page has neither); each docs/ file a
# Markdown link of README.md names exists.
# Usage (meson test does this): sh tests/docs.sh SOURCE_DIR
set -eu
src=$1
cd "$src"
fails=0
fail() {
	echo "FAIL: $*"
	fails=$((fails + 1))
}

out=$(grep -rnE '\.\./shared/|shared/(reference|DESIGN)' README.md \
	THIRD-PARTY.md scenarios/README.md scenarios/data/SOURCES.md \
	tests/vectors/SOURCES.md include src doc || true)
[ -z "$out" ] || fail "citations outside the repository:
$out"

for f in docs/cosmos-mechanics.md docs/design.md docs/report-json.md; do
	[ -s "$f" ] || fail "$f is missing"
done
grep -qF 'docs/cosmos-mechanics.md' scenarios/README.md ||
	fail "scenarios/README.md does not say where the D-codes are defined"
for code in $(grep -oE '\bD-[A-Z0-9-]*[A-Z0-9]' scenarios/README.md | sort -u); do
	grep -qE "^- $code = " docs/cosmos-mechanics.md ||
		fail "scenarios/README.md cites $code; docs/cosmos-mechanics.md does not define it"
done
for n in $(grep -oE 'rules? [0-9]+' scenarios/README.md | grep -oE '[0-9]+' | sort -un); do
	grep -qE "^$n\. " docs/cosmos-mechanics.md ||
		fail "scenarios/README.md cites rule $n; docs/cosmos-mechanics.md has no rule $n"
done
# paragraphs (blank-line separated) naming a source-tree path
awk -v RS= '/(^|[ `(])(src|tests)\// && !/source tree/ {print; print "--"}' \
	scenarios/README.md >"${TMPDIR:-/tmp}/pksim-docs.$$"
if [ -s "${TMPDIR:-/tmp}/pksim-docs.$$" ]; then
	fail "scenarios/README.md names source-tree paths as if installed:
$(cat "${TMPDIR:-/tmp}/pksim-docs.$$")"
fi
rm -f "${TMPDIR:-/tmp}/pksim-docs.$$"
for f in $(grep -oE '\]\(docs/[^)]*\)' README.md | sed 's/^](//; s/)$//'); do
	[ -f "$f" ] || fail "README.md links $f, which does not exist"
done
[ "$fails" -eq 0 ] || exit 1
echo "ok: no citation outside the repository; D-codes and rules defined"
