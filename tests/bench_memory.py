#!/usr/bin/env python3
"""tools/bench.py's memory arithmetic (per_unit, memory_detail) and its
--quick table, on hand values (no pksim run). Usage: bench_memory.py SRC"""
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
print("bench_memory: ok")
