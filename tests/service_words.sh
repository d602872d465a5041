#!/bin/sh
# service-words: a run of another service than Azure Cosmos DB speaks that
# service's words. The shipped DynamoDB scenario (scenarios/dynamodb/
# hot-key.yaml: one key value over its partition's 1,000 WCU) in every
# report format: no finding cites a rule number (the rules are Azure
# Cosmos DB's, docs/reference), no throttle is called 429/3200 (DynamoDB
# answers HTTP 400 with ProvisionedThroughputExceededException, reference
# D14), and the logical-partition lines say the service keeps none instead
# of printing 0; the text report names the throttle as DynamoDB does and
# still finds the hot range (range 1, 30,000 of 90,000 requests refused:
# 1,500 writes a second on 1,000 WCU for 60 s).
# Usage (meson test does this): sh tests/service_words.sh PKSIM SOURCE_DIR
set -u
pksim=$1
src=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/pksim-words.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
fail=0
scen=$src/scenarios/dynamodb/hot-key.yaml
for f in text json markdown html csv; do
	if ! "$pksim" run "$scen" --format "$f" >"$tmp/out.$f" 2>"$tmp/err"; then
		echo "FAIL: --format $f exited $?:"
		cat "$tmp/err"
		fail=1
	fi
	if grep -n -i 'rule [0-9]' "$tmp/out.$f"; then
		echo "FAIL: --format $f cites a rule number (above)"
		fail=1
	fi
	if grep -n '429/3200' "$tmp/out.$f"; then
		echo "FAIL: --format $f says 429/3200 (above)"
		fail=1
	fi
done
want() { # want FORMAT TEXT: the report in FORMAT holds TEXT
	if ! grep -q -F -- "$2" "$tmp/out.$1"; then
		echo "FAIL: --format $1 lacks '$2'"
		fail=1
	fi
}
# Azure Cosmos DB's words a table's report must not use (each once
# printed for a DynamoDB run or a compare across services): RU named as
# the table's units, a spread over 0 logical partitions, 0 logical
# partitions written as a count (JSON: null, the service keeps none),
# the container that throttled, 429 column heads, a partitions cell
# without its unit.
for f in text json markdown html csv; do
	for bad in 'RU here are' 'over 0 logical partitions' \
		'in 0 logical partitions' '"logical_partitions": 0' \
		'the container used' 'sees these 429s' 'failed 429' \
		'429 %' '| 429s (service) |' 'range 429 rate'; do
		if grep -n -F -- "$bad" "$tmp/out.$f"; then
			echo "FAIL: --format $f says '$bad' (above)"
			fail=1
		fi
	done
done
want text 'layout: 5 partitions, 600 RCU / 800 WCU a second each (an even share'
want text "while the table's writes used 25% of its 4,000 WCU"
want text 'the application sees these throttles (HTTP 400)'
want markdown '| partitions | 5, at 3,000 RCU and 4,000 WCU a second |'
want markdown '| throttled (service) | 30,000 |'
want json '"logical_partitions": null'
want html '58.6 MiB (item collections not kept)'
# A compare across services (scenarios/dynamodb/iot-by-day-both.yaml):
# the rows its variants share name no service's unit alone, and each
# cell says its own (the container's partitions at 18,000 RU/s, the
# table's 5 at 3,000 RCU and 4,000 WCU a second, each side its own).
both=$src/scenarios/dynamodb/iot-by-day-both.yaml
for f in text markdown html; do
	"$pksim" compare "$both" --format "$f" >"$tmp/out.cmp.$f" 2>"$tmp/err" ||
		{ echo "FAIL: compare --format $f"; cat "$tmp/err"; fail=1; }
	for bad in 'RU here are' '| 429s (service) |' 'failed 429' \
		'429s (service)'; do
		if grep -n -F -- "$bad" "$tmp/out.cmp.$f"; then
			echo "FAIL: compare --format $f says '$bad' (above)"
			fail=1
		fi
	done
done
want cmp.text '3, created at 18,000 RU/s 5, at 3,000 RCU and 4,000 WCU a second'
want cmp.markdown '| throttled (service) | 144,000 (429) | 180,000 (throttled, HTTP 400) |'
# the table keeps no item collections: its hottest key's shares are
# unknown, "-", never 0.00% (which reads as no hot key); the container's
# one day of two takes half the creates
want cmp.markdown '| share of ops offered | 50.00% | - |'
want cmp.markdown '| share of storage | 50.00% | - |'
want text 'throttled                30,000 service-side responses (ProvisionedThroughputExceededException, HTTP 400)'
want text 'logical partitions       none: the service keeps none (item collections not kept)'
want text 'hot partition risk (severity high): partition 1 ran at p99 100%'
# the finding in the table's words: its partition's busier bucket against
# its share, not "normalized RU consumption"; throttled (HTTP 400), not
# rate limited; partitions, not ranges
want text 'ran at p99 100% normalized consumption (its busier bucket, read or write, against its share) while partition 0 stayed at p99 0% (the busiest partition at 90% or more while another is under 70%), with 33.33% of its requests throttled (HTTP 400) (high from 1%): one hot partition, a key problem'
want text 'partition 1 throttled 33.3% of its requests (30,000 of 90,000)'
if grep -n 'hot partition risk.*normalized RU consumption' "$tmp/out.text"; then
	echo "FAIL: the hot-partition finding says normalized RU (above)"
	fail=1
fi
# No finding of a table speaks Azure Cosmos DB: no RU, no rate-limited
# key range, no range (the findings block of the text report, and of an
# on-demand table's, whose findings once said "every range ran at p99 90%
# or more normalized RU consumption").
"$pksim" run "$src/scenarios/dynamodb/on-demand-new-table.yaml" \
	>"$tmp/out.od.text" 2>"$tmp/err" ||
	{ echo "FAIL: on-demand-new-table"; cat "$tmp/err"; fail=1; }
# Nor do the findings of a table that splits for heat (scale-up-down: its
# splits once ended "the container ended with 16 physical partitions of
# ... RU/s each", read and write units added together) or of one that
# throttles a few per cent (on-demand-ramp: Azure Cosmos DB's "1-5% is a
# healthy rate" is 429 guidance, not DynamoDB's).
for s in scale-up-down on-demand-ramp; do
	"$pksim" run "$src/scenarios/dynamodb/$s.yaml" >"$tmp/out.$s.text" \
		2>"$tmp/err" || { echo "FAIL: $s"; cat "$tmp/err"; fail=1; }
done
want scale-up-down.text '15 splits (0 for storage, 15 for throughput): the table ended with 16 partitions'
for out in "$tmp/out.text" "$tmp/out.od.text" "$tmp/out.scale-up-down.text" \
	"$tmp/out.on-demand-ramp.text"; do
	sed -n '/^findings/,/^remedies/p' "$out" >"$tmp/findings"
	for bad in ' RU' 'RU/s' 'rate-limited' 'key range' 'range ' \
		'429' 'physical partition' 'logical partition' 'container' \
		'healthy rate'; do
		if grep -n -F -- "$bad" "$tmp/findings"; then
			echo "FAIL: $out's findings say '$bad' (above)"
			fail=1
		fi
	done
done
# A compare of two tables ranks them by a rule in DynamoDB's words
# (throttled requests, capacity units, partitions; not 429s, RU, ranges
# or logical partitions), and each verdict names partitions.
cat >"$tmp/tables.yaml" <<'YAML'
name: two-tables
seed: 1
container: {partition_key: /k, throughput: 18000}
variants:
  - {name: prov, service: dynamodb, partition_key: /k, sort_key: /id, read_capacity_units: 3000, write_capacity_units: 1000}
  - {name: od, service: dynamodb, partition_key: /k, sort_key: /id, capacity: on_demand}
client: {retries: off}
items:
  k: {values: "k{0..9999}"}
phases:
  - {duration: 10s, rate: 2000/s, ops: {create: 0.25, read: 0.75}, item_size: 1KB}
YAML
"$pksim" compare "$tmp/tables.yaml" >"$tmp/out.tables" 2>"$tmp/err" ||
	{ echo "FAIL: compare of two tables"; cat "$tmp/err"; fail=1; }
sed -n '/^ranking/,$p' "$tmp/out.tables" | sed -n '1,/^$/p' >"$tmp/ranking"
for bad in '429' ' RU' 'range' 'logical partition'; do
	if grep -n -F -- "$bad" "$tmp/ranking"; then
		echo "FAIL: two tables' ranking says '$bad' (above)"
		fail=1
	fi
done
want tables 'then throttled requests (HTTP 400) per operation'
want markdown '| logical partitions | not kept (item collections) |'
# CloudWatch's 1-minute view beside the second (D15), a row a metric,
# reads and writes apart: the hot key's minute sums 60 x 1,000 = 60,000
# write units consumed (1,000.0 a second on average, of the table's
# 4,000 WCU) and 60 x 500 = 30,000 write throttle events and throttled
# requests, while its busiest second consumed 1,000 (the partition's
# cap) and threw 500; its reads none of the 3,000 RCU.
want text 'CloudWatch 1-minute view (D15'
# The HTML page (its summary, heat map, charts and legend) in the table's
# words: capacity units, partitions, throttled; no RU, RU/s, 429s or
# physical partitions (the heat map's internal class m429 is no word).
for bad in 'normalized RU' 'RU/s' '429s' 'rate limited (429)' \
	'physical partition'; do
	if grep -q -F -- "$bad" "$tmp/out.html"; then
		grep -n -o -F -- "$bad" "$tmp/out.html" | head -3
		echo "FAIL: --format html says '$bad' (above)"
		fail=1
	fi
done
want html '30,000 throttled (HTTP 400), 30,000 failed after retries'
want html 'partition 1, t = 0 s: 100 % normalized consumption, 1,000 capacity units, units/s share 1,000, 500 throttled'
# a table's partitions are partitions, not Azure Cosmos DB's ranges, in
# the partitions table, the timeline, the heat strip and the HTML map;
# its logical column says "-" (none kept), never a count of 0
for bad in 'heat strip (normalized units per range' "its range's life" \
	'of any range in any second' 'range 1 |' ; do
	if grep -n -F -- "$bad" "$tmp/out.text"; then
		echo "FAIL: --format text says '$bad' (above)"
		fail=1
	fi
done
for bad in '<title>range ' 'Storage per range' 'most throttles: range'; do
	if grep -q -F -- "$bad" "$tmp/out.html"; then
		echo "FAIL: --format html says '$bad'"
		fail=1
	fi
done
want text 'heat strip (normalized units per partition'
# the map's note with equal bands names partitions, not key ranges
"$pksim" run "$scen" --format html --bands equal >"$tmp/out.eq.html" \
	2>"$tmp/err" || { echo "FAIL: --bands equal"; cat "$tmp/err"; fail=1; }
want eq.html 'y: the partitions in key order'
if grep -n -o -F 'partition key range' "$tmp/out.eq.html"; then
	echo "FAIL: --bands equal on a table says 'partition key range' (above)"
	fail=1
fi
want text '  partition 1 |'
want html 'most throttles: partition 1 (30,000 of its requests throttled, 33.3 %)'
want markdown '| 0 | ConsumedReadCapacityUnits | 0 | 0.0 | 3,000 | 0 |'
want markdown '| | ConsumedWriteCapacityUnits | 60,000 | 1000.0 | 4,000 | 1,000 |'
want markdown '| | WriteThrottleEvents | 30,000 |  |  | 500 |'
want markdown '| | ThrottledRequests | 30,000 |  |  | 500 |'
want html '<tr><td class="n"></td><td>ConsumedWriteCapacityUnits</td><td class="n">60,000</td><td class="n">1000.0</td><td class="n">4,000</td><td class="n">1,000</td></tr>'
want html '<tr><td class="n"></td><td>WriteThrottleEvents</td><td class="n">30,000</td><td class="n"></td><td class="n"></td><td class="n">500</td></tr>'
want json '"wcu_consumed": 60000.0,'
want json '"write_throttle_events": 30000,'
want json '"peak_second_ru": 1000'
if grep -n 'logical partitions  *0 ' "$tmp/out.text"; then
	echo "FAIL: the text report counts 0 logical partitions (above)"
	fail=1
fi
exit $fail
