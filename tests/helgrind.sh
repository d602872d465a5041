#!/bin/sh
# helgrind: `compare --jobs 2` on existing-container (its three
# variants on two threads, then the remedies' replays of the two with
# 429s on two threads) under valgrind's helgrind, which reports a data
# race from the order of the threads' accesses and locks, whether or
# not this run happened to interleave them. Any report fails. The kind
# it finds: a file-scope pointer a qsort comparator reads while another
# thread sorts, which crashes only when two sorts interleave but which
# helgrind reports on every run.
# Fails, never skips, without valgrind (sh tools/bootstrap installs it).
# Only in build/: valgrind cannot run a sanitized binary (tools/test).
# Usage (meson test does this): sh tests/helgrind.sh PKSIM SOURCE_DIR
set -eu
pksim=$1
src=$2

if ! command -v valgrind >/dev/null 2>&1; then
	echo "helgrind: needs valgrind (sh tools/bootstrap installs it)"
	exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pksim-helgrind.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

rc=0
valgrind --tool=helgrind -q --error-exitcode=9 --log-file="$tmp/log" \
	"$pksim" compare "$src/scenarios/existing-container.yaml" \
	--jobs 2 >"$tmp/out" 2>"$tmp/err" || rc=$?
if [ "$rc" -ne 0 ] || [ -s "$tmp/log" ]; then
	echo "helgrind: compare existing-container.yaml --jobs 2:" \
		"exit $rc (9: helgrind reported)"
	cat "$tmp/log" "$tmp/err"
	exit 1
fi
# the run did what it does without valgrind: both variants, and the
# remedies' replays (the threads helgrind watched)
grep -q 'all 29 expectations hold' "$tmp/err"
grep -q 'remedies (each replays' "$tmp/out"
echo "helgrind: compare existing-container.yaml --jobs 2: 0 reports"
