#!/bin/sh
# The tree is formatted by the project's .clang-format:
# every C source and header, tracked or new (tools/format --list),
# checked with Debian's clang-format.
# A file that clang-format would change fails the test with its name and
# the first lines of what would change; `sh tools/format` fixes the tree.
# clang-format missing is a failure, not a skip: tools/bootstrap installs it.
set -eu
# Usage (meson test does this): sh tests/format.sh SOURCE_DIR
cd "$1"
command -v clang-format >/dev/null 2>&1 || {
	echo "format: clang-format not found (Debian package clang-format; tools/bootstrap installs it)"
	exit 1
}
# one clang-format for the whole tree first (one process, quick); only
# when it objects, file by file to name them
# shellcheck disable=SC2046
if clang-format --dry-run --Werror $(sh tools/format --list) >/dev/null 2>&1; then
	echo "format: all $(sh tools/format --list | wc -l) C files as .clang-format says"
	exit 0
fi
bad=0
for f in $(sh tools/format --list); do
	if ! clang-format --dry-run --Werror "$f" >/dev/null 2>&1; then
		echo "format: $f is not formatted by .clang-format:"
		clang-format "$f" | diff -u "$f" - | sed -n '1,12p'
		bad=$((bad + 1))
	fi
done
if [ "$bad" -gt 0 ]; then
	echo "format: $bad file(s) differ from .clang-format; run: sh tools/format"
	exit 1
fi
echo "format: all $(sh tools/format --list | wc -l) C files as .clang-format says"
