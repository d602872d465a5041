#!/bin/sh
# sources: each SOURCES.md beside committed third-party data
# (scenarios/data, tests/vectors) has a `sha256sum -c` block; the block is
# run as written against the files, and every data file of the folder is
# in it (a file added without its sum fails too).
# Usage (meson test does this): sh tests/sources.sh SOURCE_DIR
set -eu
src=$1
fails=0
for dir in scenarios/data tests/vectors; do
	md=$src/$dir/SOURCES.md
	# the lines between "sha256sum -c <<'END'" and "END"
	sums=$(sed -n "/sha256sum -c <<'END'/,/^END\$/p" "$md" | sed '1d;$d')
	if [ -z "$sums" ]; then
		echo "FAIL: $dir/SOURCES.md has no sha256sum -c block"
		fails=$((fails + 1))
		continue
	fi
	if ! out=$(cd "$src/$dir" && printf '%s\n' "$sums" | sha256sum -c 2>&1); then
		echo "FAIL: $dir/SOURCES.md sums do not match:"
		printf '%s\n' "$out"
		fails=$((fails + 1))
	fi
	(cd "$src/$dir" && find . -type f ! -name SOURCES.md | sed 's|^\./||' |
		sort) | while IFS= read -r f; do
		printf '%s\n' "$sums" | grep -qF "  $f" ||
			echo "$f"
	done >"${TMPDIR:-/tmp}/pksim-sources.$$"
	if [ -s "${TMPDIR:-/tmp}/pksim-sources.$$" ]; then
		echo "FAIL: $dir/SOURCES.md has no SHA-256 for:" \
			$(cat "${TMPDIR:-/tmp}/pksim-sources.$$")
		fails=$((fails + 1))
	fi
	rm -f "${TMPDIR:-/tmp}/pksim-sources.$$"
done
[ "$fails" -eq 0 ] || exit 1
echo "ok: scenarios/data and tests/vectors match their SOURCES.md sums"
