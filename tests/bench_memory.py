#!/usr/bin/env python3
"""tools/bench.py's memory arithmetic (per_unit, memory_detail), its
scaling rows (scaling_row, scaling_ratios, scaling_rows), the floor's
figure (floor_seconds) and its --quick table, on hand values (no pksim
run). Usage: bench_memory.py SRC"""
import importlib.util
import io
import os
import sys
from contextlib import redirect_stdout

src = sys.argv[1]
spec = importlib.util.spec_from_file_location(
    "bench", os.path.join(src, "tools", "bench.py"))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

MiB = 2**20
base = 4 * MiB  # 4,194,304 bytes

# items: 1,000,000 items over 33,500,000 bytes -> 33.5 bytes an item
m = bench.per_unit(base + 33_500_000, base, 1_000_000)
assert m["delta_bytes"] == 33_500_000 and m["bytes_per_unit"] == 33.5, m
assert m["less_bytes"] == 0 and m["count"] == 1_000_000, m

# logical partitions: 900,000 of them at 100 bytes and 900,000 items at
# 33.5 bytes (30,150,000) over the baseline: peak = 4,194,304 +
# 90,000,000 + 30,150,000 = 124,344,304; less the items, 90,000,000 /
# 900,000 = 100.0
m = bench.per_unit(124_344_304, base, 900_000, 900_000 * 33.5)
assert m["less_bytes"] == 30_150_000, m
assert m["delta_bytes"] == 90_000_000 and m["bytes_per_unit"] == 100.0, m

# the run itself: 775,636 logical partitions x 105 = 81,441,780 bytes
# over the baseline, nothing taken off -> 105.0
m = bench.per_unit(base + 81_441_780, base, 775_636)
assert m["bytes_per_unit"] == 105.0, m
# rounding to one decimal: 1,000 bytes over 3 units = 333.33.. -> 333.3
assert bench.per_unit(base + 1000, base, 3)["bytes_per_unit"] == 333.3

# the detail line: 124,344,304 B = 118.6 MiB, 4.0, 30,150,000 = 28.8,
# 90,000,000 = 85.8
d = bench.memory_detail(
    bench.per_unit(124_344_304, base, 900_000, 900_000 * 33.5),
    "logical partitions", " - items (28.8)")
assert d == ("peak 118.6 MiB - baseline 4.0 - items (28.8) = 85.8 MiB "
             "over 900,000 logical partitions"), d

# --quick: every target shown as n/a and the reason said once; the
# full table shows the targets
rows = [("ops/s", "1,000", ">= 10"), ("detail", None, None),
        ("floor", "2,000", "")]
for quick in (True, False):
    out = io.StringIO()
    with redirect_stdout(out):
        bench.print_table(rows, quick)
    lines = out.getvalue().splitlines()
    assert lines[1].split()[-1] == ("n/a" if quick else "10"), lines
    assert lines[2] == "    detail", lines
    assert lines[3].split()[-1] == "2,000", lines  # no target, none shown
    assert (bench.QUICK_NOTE in lines) == quick, lines

# --quick's labels: the week row runs 7 days,
# 7 x 86,400 s at 1 op/s = 604,800 operations, --quick or not
assert "duration: 7d, rate: 1/s" in bench.WEEK, bench.WEEK
# zipf-1m: 20 s x 50,000 ops/s = 1,000,000 creates, and it says 1 M
z = bench.quick_zipf(open(os.path.join(src, "scenarios", "bench",
                                       "zipf-10m.yaml")).read())
assert "duration: 20s, rate: 50000/s" in z, z
assert "name: bench-zipf-1m\n" in z and "description: 1 M creates" in z, z
assert "# 1,000,000 creates" in z, z
assert "10 M" not in z and "10,000,000" not in z and "zipf-10m\n" not in z, z

# the rows' units: CPU-second rows say CPU s, the compare ratio --jobs 1;
# --quick's --at-once ingest with no 429s shows n/a, not a queue's figure
mem = {"count": 1, "peak_bytes": MiB, "baseline_bytes": 0, "less_bytes": 0,
       "delta_bytes": MiB, "bytes_per_unit": 1.0, "items": 0}
fig = {"run_ops": 1_000_000, "run_ops_per_s": 5, "floor_ops_per_s": 9,
       "ratio_to_floor": 1.8, "run_peak_mb": 1.0, "bytes_per_item": 1.0,
       "bytes_per_item_creates": 1.0, "bytes_per_logical_partition": 1.0,
       "run_bytes_per_logical_partition": 1.0,
       "memory": {"items_run": mem, "logical_partitions_run": mem,
                  "creates_run": mem, "run": mem},
       "compare1_seconds": 1.0, "compare4_seconds": 4.0,
       "compare4_over_4x_one": 1.0, "compare4_jobs1_wall_seconds": 4.0,
       "compare4_jobs2_wall_seconds": 2.0, "ingest_records_per_s": 7,
       "ingest_at_once_429s": 0, "ingest_at_once_records_per_s": 8,
       "idle_week_seconds": 0.1, "idle_week_peak_mb": 3.0,
       "spiky_hour_seconds": 0.05}
rows = {r[0]: r[1] for r in bench.table_rows(fig, True)}
for name in ("compare 1 variant, --jobs 1, CPU s",
             "compare 4 variants, --jobs 1, CPU s",
             "4 variants / (4 x 1), --jobs 1, CPU s",
             "simulated week at 1 op/s, CPU s",
             "an hour of 2-s spikes (5-year runway), CPU s",
             "pksim run, ops per CPU s (1,000,000 ops)",
             "bytes per item, creates alone (side run)"):
    assert name in rows, sorted(rows)
at_once = [k for k in rows if "--at-once" in k]
assert len(at_once) == 1 and rows[at_once[0]] == "n/a", rows
assert "no retry queue" in at_once[0] and "tenth" in at_once[0], at_once
fig["ingest_at_once_429s"] = 2_000_000
rows = {r[0]: r[1] for r in bench.table_rows(fig, False)}
k = "data file ingest --at-once (2,000,000 429s, retried), records per CPU s"
assert rows[k] == "8", rows

# the floor's figure is its loop's CPU seconds as it prints them, not
# its process's (which counts its key-text table): a line the floor
# printed at 1 M operations over 10 M key values, whose process took
# 1.01 CPU s, gives 0.230 s, 0.230 / 1,000,000 = 230 ns an operation
line = ("ops=1000000 seconds=0.230000 ops_per_s=4352477 "
        "checksum=13847112244588260427\n")
assert bench.floor_seconds(line) == 0.23, bench.floor_seconds(line)
r = bench.scaling_row("10 M key values", 0.538, 1_000_000, 1_000_000,
                      MiB, bench.floor_seconds(line), 0.538, 0)
assert r["floor_ns_per_op"] == 230, r

# the scaling rows: the 16-range figure, 3.39 CPU s over 10 M
# creates = 339 ns an operation; 1,000 ranges at 19.02 s = 1,902 ns,
# 1,902 / 339 = 5.61; the hot key's 400,000 operations in 0.74 s over
# 2,831,925 requests: 1,850 ns an operation, 261 a request (0.74 /
# 2,831,925 = 261.3 ns); 171,966,464 B = 164.0 MiB; the floor's 1.2 s
# over 10 M = 120 ns. With --no-remedies (no replays at 16 ranges: the
# same 3.39 s): 1,000 ranges 2.6 s = 260 ns, 260 / 339 = 0.77; the hot
# key 0.3 s = 750 ns an operation (750 / 339 = 2.21), 0.3 / 2,831,925 =
# 105.9 ns a request. Per request with --no-remedies (the ranges rows'
# own ratio): 16 ranges 3.39 s / 10 M = 339 ns; 1,000 ranges, given
# 20 M requests, 2.6 s / 20 M = 130 ns, 130 / 339 = 0.383
r16 = bench.scaling_row("16 ranges", 3.39, 10_000_000, 10_000_000,
                        171_966_464, 1.2, 3.39, 0)
r1k = bench.scaling_row("1,000 ranges", 19.02, 10_000_000, 20_000_000,
                        171_966_464, 1.2, 2.6, 6)
hot = bench.scaling_row("hot key, SDK retries", 0.74, 400_000, 2_831_925,
                        41 * MiB, 0.05, 0.3, 6)
bench.scaling_ratios([r16, r1k, hot])
assert r1k["alone_ns_per_op"] == 260, r1k
assert r1k["alone_over_16_ranges"] == 0.77, r1k
assert r1k["alone_ns_per_request"] == 130, r1k
assert r1k["alone_request_over_16_ranges"] == 0.38, r1k
assert hot["alone_ns_per_request"] == 106, hot
assert hot["alone_over_16_ranges"] == 2.21, hot
assert r16["ns_per_op"] == 339 and r16["over_16_ranges"] == 1.0, r16
assert r16["peak_mb"] == 164.0 and r16["floor_ns_per_op"] == 120, r16
assert r1k["ns_per_op"] == 1902 and r1k["over_16_ranges"] == 5.61, r1k
assert hot["ns_per_op"] == 1850 and hot["ns_per_request"] == 261, hot
assert hot["over_16_ranges"] == 5.46, hot  # 1,850 / 339 = 5.457
rows = bench.scaling_rows([r16, r1k, hot])
# per workload: ns per op, the same with --no-remedies, (the ranges:
# ns per request with --no-remedies; the hot key: ns per request, the
# same with --no-remedies), the detail line; the target only on the
# larger layouts and on the hot key's requests
assert rows[0][2] == "" and rows[1][2] == "" and rows[2][2] == "", rows
assert rows[2][1] == "339" and "x16 ranges 1.0)" in rows[2][0], rows
assert rows[4][2] == "x16 ranges <= 1.3", rows
assert rows[5][1] == "260" and rows[5][2] == "x16 ranges <= 1.3", rows
assert rows[6][1] == "130" and "x16 ranges 0.38)" in rows[6][0], rows
assert rows[6][2] == "x16 ranges <= 1.3", rows
assert "6 remedy replays" in rows[7][0], rows
# the replays' CPU s each, (with remedies - without) / replays: 1,000
# ranges (19.02 - 2.6) / 6 = 2.737; the hot key (0.74 - 0.3) / 6 =
# 0.0733; none without replays. The hot key's row with remedies says
# its CPU is the run's and its replays' over the run's requests
assert r1k["replay_seconds_each"] == 2.737, r1k
assert hot["replay_seconds_each"] == 0.073, hot
assert r16["replay_seconds_each"] is None, r16
assert "6 remedy replays, 2.737 CPU s each" in rows[7][0], rows
assert "its 6 remedy replays run over the run's requests" in rows[10][0], rows
assert rows[10][1] == "261" and rows[10][2] == "< 200", rows
assert rows[11][1] == "106" and rows[11][2] == "< 200", rows
assert len(rows) == 13, rows

# the replays that ran: the hot key's report lists 1 + 4 + 1 = 6, the
# switch to autoscale's one try at 1,000,000 (its search's start, the
# raise with splits' last doubling, both not found, the same figures, no
# prices) answered by the raise's replay (remedy_twin.c): 5 ran. A month
# priced, a search started elsewhere or other figures: all 6 ran.
def item(kind, status, replays, ru, start, n429):
    return {"kind": kind, "status": status, "replays": replays,
            "ru_per_s": ru, "search_start_ru_per_s": start,
            "throttled_429": n429, "failed_after_retries": 0,
            "physical_partitions": 100, "splits": 93}


rem = {"replays": 6, "month_cost": None, "list": [
    item("raise", "not_found", 1, 70_000, None, 109_525),
    item("raise_with_splits", "not_found", 4, 1_000_000, None, 82_579),
    item("autoscale", "not_found", 1, 1_000_000, 1_000_000, 82_579)]}
assert bench.replays_run(rem) == (6, 5), bench.replays_run(rem)
assert bench.replays_run(dict(rem, month_cost=12.5)) == (6, 6)
rem["list"][2]["search_start_ru_per_s"] = 560_000
assert bench.replays_run(rem) == (6, 6)
rem["list"][2]["search_start_ru_per_s"] = 1_000_000
rem["list"][2]["throttled_429"] = 82_580
assert bench.replays_run(rem) == (6, 6)
assert bench.replays_run({}) == (0, 0)
# (0.74 - 0.3) / 5 = 0.088 CPU s each, and the rows say 5 ran of 6
hot5 = bench.scaling_row("hot key, SDK retries", 0.74, 400_000, 2_831_925,
                         41 * MiB, 0.05, 0.3, 6, 5)
assert hot5["replay_seconds_each"] == 0.088, hot5
assert hot5["remedy_replays"] == 6 and hot5["remedy_replays_run"] == 5
bench.scaling_ratios([r16, hot5])
rows = bench.scaling_rows([r16, hot5])
assert "its 5 remedy replays run over the run's requests" in rows[6][0], rows
assert ("6 remedy replays, 5 ran (the switch to autoscale took the raise "
        "with splits' last), 0.088 CPU s each") in rows[8][0], rows

print("bench_memory: ok")
