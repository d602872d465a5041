#!/bin/sh
# install: `meson install --destdir` puts the binary, both man pages (lint
# clean), the scenarios with their data, the licence notices and the bash
# completion where README's "Install" section says, and what it installs
# works: the installed pksim runs an installed scenario, the man page and
# the completion know every option each `pksim COMMAND --help` lists.
# Usage (meson test does this): sh tests/install.sh BUILD_DIR SOURCE_DIR
set -eu
build=$1
src=$2
dest=$(mktemp -d "${TMPDIR:-/tmp}/pksim-install.XXXXXX")
trap 'rm -rf "$dest"' EXIT INT TERM
fails=0
fail() {
	echo "FAIL: $*" >&2
	fails=$((fails + 1))
}

if ! meson install -C "$build" --destdir "$dest" --no-rebuild \
	>"$dest.log" 2>&1; then
	cat "$dest.log" >&2
	rm -f "$dest.log"
	echo "FAIL: meson install --destdir failed" >&2
	exit 1
fi
rm -f "$dest.log"

bin=$(find "$dest" -path '*/bin/pksim' -type f)
[ -n "$bin" ] || { echo "FAIL: no bin/pksim under $dest" >&2; exit 1; }
root=${bin%/bin/pksim}
echo "installed under DESTDIR${root#"$dest"}"

for f in bin/pksim share/man/man1/pksim.1 share/man/man5/pksim-scenario.5 \
	share/pksim/scenarios/README.md share/pksim/scenarios/offices.yaml \
	share/pksim/scenarios/data/SOURCES.md \
	share/pksim/scenarios/data/iot_telemetry_3devices.json \
	share/pksim/scenarios/data/cosmoslabs_transactions.json \
	share/pksim/scenarios/data/cosmicworks_products_v4.json \
	share/pksim/scenarios/data/monitor_shop_tuesday.csv \
	share/doc/pksim/LICENSE share/doc/pksim/THIRD-PARTY.md \
	share/doc/pksim/README.md share/doc/pksim/docs/report-json.md \
	share/doc/pksim/docs/cosmos-mechanics.md share/doc/pksim/docs/design.md \
	share/doc/pksim/docs/plan-format.md share/doc/pksim/docs/heatmap.md \
	share/doc/pksim/docs/heatmap-iot-by-day.png \
	share/doc/pksim/docs/teaching.md share/pksim/scenarios/lessons/01-partitioning-overview.yaml \
	share/pksim/scenarios/plans/offices.plan.yaml \
	share/bash-completion/completions/pksim; do
	[ -f "$root/$f" ] || fail "not installed: $f"
done
[ -x "$root/bin/pksim" ] || fail "bin/pksim is not executable"

# every shipped scenario and data file, byte for byte
for f in "$src"/scenarios/*.yaml "$src"/scenarios/data/* \
	"$src"/scenarios/plans/*; do
	rel=${f#"$src"/scenarios/}
	cmp -s "$f" "$root/share/pksim/scenarios/$rel" ||
		fail "share/pksim/scenarios/$rel differs from the source"
done

# the installed teaching page names the installed lessons, not the
# source tree's
grep -q "pksim run ${root#"$dest"}/share/pksim/scenarios/lessons/01-partitioning-overview.yaml" \
	"$root/share/doc/pksim/docs/teaching.md" ||
	fail "installed docs/teaching.md does not name the installed lesson 1"
! grep -q '`pksim [a-z]* scenarios/' "$root/share/doc/pksim/docs/teaching.md" ||
	fail "installed docs/teaching.md names a source path"

# the installed README's links to docs/ resolve beside it
for f in $(grep -oE '\]\(docs/[^)]*\)' "$root/share/doc/pksim/README.md" |
	sed 's/^](//; s/)$//'); do
	[ -f "$root/share/doc/pksim/$f" ] ||
		fail "installed README.md links $f, not installed beside it"
done

# the installed binary on an installed scenario
out=$("$root/bin/pksim" --version) || fail "pksim --version failed"
[ "$out" = "pksim $(sed -n "s/^  version : '\(.*\)',$/\1/p" \
	"$src/meson.build")" ] || fail "pksim --version printed '$out'"
"$root/bin/pksim" run "$root/share/pksim/scenarios/offices.yaml" \
	--format json -o "$dest/r.json" || fail "installed offices.yaml failed"
grep -q '"variants"' "$dest/r.json" || fail "no report from offices.yaml"

# man pages: lint clean (mandoc, or man --warnings), with every option
for page in man1/pksim.1 man5/pksim-scenario.5; do
	p=$root/share/man/$page
	[ -f "$p" ] || continue
	if command -v mandoc >/dev/null 2>&1; then
		# STYLE too: upper-case titles, input lines <= 80 bytes
		lint=$(mandoc -Tlint -W style "$p" 2>&1) || true
		[ -z "$lint" ] || fail "mandoc -Tlint -W style $page: $lint"
	else
		fail "mandoc not found (sh tools/bootstrap installs it)"
	fi
	if command -v man >/dev/null 2>&1; then
		warn=$(MANWIDTH=80 man --warnings -l "$p" 2>&1 >/dev/null) ||
			fail "man -l $page failed"
		[ -z "$warn" ] || fail "man --warnings $page: $warn"
	fi
done
grep -q '^\.TH "PKSIM-SCENARIO" "5"' \
	"$root/share/man/man5/pksim-scenario.5" ||
	fail "pksim-scenario.5 has no .TH PKSIM-SCENARIO 5"
# pksim(1) names the scenarios where this install put them (the
# configured prefix and datadir), never another prefix's
datadir=$(meson introspect --buildoptions "$build" | python3 -c '
import json, sys
o = {x["name"]: x["value"] for x in json.load(sys.stdin)}
print(o["prefix"].rstrip("/") + "/" + o["datadir"])')
grep -qF "$datadir/pksim/scenarios/" "$root/share/man/man1/pksim.1" ||
	fail "pksim.1 does not name $datadir/pksim/scenarios/"
[ -d "$dest$datadir/pksim/scenarios" ] ||
	fail "$datadir/pksim/scenarios (named by pksim.1) is not what was installed"
if grep -n '/usr/share/pksim\|@PKSIM_DATADIR@' "$root/share/man/man1/pksim.1" |
	grep -v "^.*$datadir" >"$dest/other"; then
	fail "pksim.1 names another datadir: $(cat "$dest/other")"
fi
# pksim-scenario(5) is made from scenarios/README.md: each of its
# sections is a section of the page
grep '^## ' "$src/scenarios/README.md" | sed 's/^## //; s/`//g' |
	tr '[:lower:]' '[:upper:]' | while IFS= read -r sec; do
		grep -qxF ".SH $sec" "$root/share/man/man5/pksim-scenario.5" ||
			echo "$sec"
	done >"$dest/missing"
[ ! -s "$dest/missing" ] ||
	fail "pksim-scenario.5 lacks sections: $(tr '\n' ' ' <"$dest/missing")"

# every option of every command's --help is in pksim(1) and in the
# completion; every command is in both
comp=$root/share/bash-completion/completions/pksim
for cmd in run compare locate epk plan; do
	grep -qF "*$cmd*" "$src/doc/pksim.1.scd" ||
		fail "pksim.1 does not describe $cmd"
	grep -qw "$cmd" "$comp" || fail "completion lacks command $cmd"
	"$root/bin/pksim" "$cmd" --help >"$dest/help" ||
		fail "pksim $cmd --help failed"
	sed -n '/^options:/,/^$/p' "$dest/help" |
		grep -o -e '--[a-z-]*' -e ' -[a-z]\b' | sed 's/^ //' |
		sort -u >"$dest/opts"
	[ -s "$dest/opts" ] || fail "pksim $cmd --help lists no options"
	while IFS= read -r opt; do
		grep -qF -- "$opt" "$root/share/man/man1/pksim.1" ||
			fail "pksim.1 lacks $opt (of $cmd)"
		grep -qF -- "$opt" "$comp" ||
			fail "completion lacks $opt (of $cmd)"
	done <"$dest/opts"
done

# the completion completes
if command -v bash >/dev/null 2>&1; then
	got=$(bash -c '. "$1"
		COMP_WORDS=(pksim ru); COMP_CWORD=1; _pksim
		printf "%s," "${COMPREPLY[@]}"
		COMP_WORDS=(pksim run --format ""); COMP_CWORD=3; _pksim
		printf "%s," "${COMPREPLY[@]}"
		COMP_WORDS=(pksim compare --items-f); COMP_CWORD=2; _pksim
		printf "%s," "${COMPREPLY[@]}"
		COMP_WORDS=(pksim epk --); COMP_CWORD=2; _pksim
		printf "%s," "${COMPREPLY[@]}"
		COMP_WORDS=(pksim plan --format ""); COMP_CWORD=3; _pksim
		printf "%s," "${COMPREPLY[@]}"' sh "$comp")
	want='run,text,json,csv,streams-csv,money-csv,markdown,html,--items-format,--version,--multihash,--help,'
	want="${want}text,json,markdown,"
	[ "$got" = "$want" ] || fail "completion gave '$got', want '$want'"
fi

# pksim check without arguments finds the installed scenarios beside the
# binary (BINDIR/../share/pksim/scenarios), lessons too: every .yaml of
# the source tree's scenarios/ and scenarios/lessons/, all ok
"$root/bin/pksim" check >"$dest/check" 2>&1 ||
	fail "installed pksim check failed: $(cat "$dest/check")"
grep -qxF "shipped scenarios: $root/bin/../share/pksim/scenarios" \
	"$dest/check" || fail "installed pksim check: $(head -1 "$dest/check")"
n_shipped=$(ls "$src"/scenarios/*.yaml "$src"/scenarios/lessons/*.yaml | wc -l)
grep -q "^$n_shipped scenarios, 0 failing\$" "$dest/check" ||
	fail "installed pksim check: $(tail -1 "$dest/check")"

[ "$fails" -eq 0 ] || exit 1
echo "ok: binary, pksim(1), pksim-scenario(5), scenarios, data, notices," \
	"completion"
