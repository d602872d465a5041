#!/usr/bin/env python3
"""What a unit of the up-front work bound costs, kind by kind (not a test:
nothing here passes or fails on a figure).

Each kind of work the bound counts (plan_work.c) is measured as the
difference of two runs that differ only in how much of that kind they
hold: the CPU (user + sys, the lowest of --repeat runs) of
`pksim run --no-remedies` less the baseline's, over the work units
`--estimate --format json` counts for each, so the figure is the CPU of
one counted unit of that kind. With the weights right every kind comes
out near the same figure, and PK_SCENARIO_MAX_WORK units take about that
many microseconds a unit.

Usage: python3 tools/bench-work.py --build BUILD_DIR [--repeat N]
       [--only KIND,...]
(BUILD_DIR a release build: meson setup build-rel -Dbuildtype=release).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

# Each kind: (name, what it counts, baseline scenario, scenario with more
# of the kind, extra pksim arguments). The pairs share everything but
# the kind's count; without a baseline (None) the whole run is the
# kind's.

COSMOS = ("container: {partition_key: /k, throughput: %d, partitions: %d}\n"
          "client: {retries: off}\n")


def cosmos(parts, items, phases):
    """parts partitions at 10,000 RU/s each, or 1,000,000 RU/s in all"""
    return ("seed: 1\n" + COSMOS % (min(parts * 10000, 1000000), parts) + items +
            "phases:\n" + phases)


KEYS = "items:\n  k: {values: \"k{000000..999999}\"}\n"
IDS = "items:\n  k: {unique: true}\n"


def creates(n_per_s, secs, name="p"):
    return ("  - {name: %s, duration: %ds, rate: %d/s, ops: {create: 1}, "
            "item_size: 100B}\n" % (name, secs, n_per_s))


def queries(rate, secs, where):
    return ("  - name: q\n    duration: %ds\n    rate: %s/s\n"
            "    ops: {query: 1}\n    queries:\n"
            "      - {name: q, where: %s}\n" % (secs, rate, where))


def table(adaptive, gsis=0, extra=""):
    t = ("seed: 1\nservice: dynamodb\ntable:\n  name: t\n"
         "  partition_key: /id\n  read_capacity_units: 100000\n"
         "  write_capacity_units: 100000\n  adaptive_capacity: %s\n"
         % adaptive)
    if gsis:
        t += "  global_secondary_indexes:\n"
        for i in range(gsis):
            t += ("    - {name: g%d, partition_key: /id, "
                  "read_capacity_units: 40000, "
                  "write_capacity_units: 40000}\n" % i)
    return t + "client: {retries: off}\n" + extra


def ddb_phase(rate, secs, ops):
    return ("items:\n  id: {values: \"i{0000000..9999999}\"}\nphases:\n"
            "  - {name: p, duration: %ds, rate: %d/s, ops: %s, "
            "item_size: 100B}\n" % (secs, rate, ops))


def runway(streams, keys, spikes=False):
    """streams streams of 1-h phases of slow creates (with spikes): the
    run is tiny, the storage runway's hourly steps over five years are
    the cost, so the whole run is the kind's (no baseline)"""
    s = ("seed: 1\nclock: {start: \"2026-01-05T00:00:00Z\"}\n"
         "container: {partition_key: /k, throughput: 400}\nstreams:\n")
    for i in range(streams):
        vals = ("{unique: true}" if keys == 0 else
                "{values: \"s%d-{1..%d}\"}" % (i, keys))
        rate = ("{base: 0.01/s, spikes: {every: 2s, for: 1s, factor: 3}}"
                if spikes else "0.01/s")
        s += ("  - name: s%d\n    items: {k: %s}\n    phases:\n"
              "      - {name: p%d, duration: 1h, ops: {create: 1}, "
              "item_size: 1KB, rate: %s}\n" % (i, vals, i, rate))
    return s


KINDS = [
    ("create", "an attempt of a create on Azure Cosmos DB (the unit)",
     cosmos(17, KEYS, creates(1, 1)),
     cosmos(17, KEYS, creates(10000, 200)), []),
    ("range-second", "a physical partition in a second with a request",
     cosmos(10, KEYS, creates(3, 5000)),
     cosmos(10000, KEYS, creates(3, 5000)), []),
    ("scan", "a physical partition a query without an IN list visits",
     cosmos(10000, KEYS, creates(10000, 10)),
     cosmos(10000, KEYS,
            creates(10000, 10) + queries(10, 20, "{}")), []),
    ("in-value", "a value of a query's IN list (10 partitions)",
     cosmos(10, KEYS, creates(10000, 10)),
     cosmos(10, KEYS,
            creates(10000, 10) + queries(20, 10, "{k: {in: 6000}}")),
     []),
    ("in-range", "a partition an IN list reaches (10,000 partitions)",
     cosmos(10000, KEYS, creates(10000, 10)),
     cosmos(10000, KEYS,
            creates(10000, 10) + queries(10, 20, "{k: {in: 6000}}")),
     []),
    ("ddb-put", "a PutItem, adaptive capacity off",
     table("off") + ddb_phase(1, 1, "{create: 1}"),
     table("off") + ddb_phase(40000, 10, "{create: 1}"), []),
    ("ddb-put-ahead", "a PutItem, adaptive capacity instant",
     table("instant") + ddb_phase(1, 1, "{create: 1}"),
     table("instant") + ddb_phase(40000, 10, "{create: 1}"), []),
    ("ddb-get", "a GetItem, adaptive capacity off",
     table("off") + ddb_phase(40000, 10, "{create: 1}"),
     table("off") + ddb_phase(40000, 10, "{create: 1}").replace(
         "ops: {create: 1}", "ops: {create: 0.5, read: 0.5}").replace(
         "40000/s", "80000/s"), []),
    ("ddb-gsi", "a write on a global secondary index",
     table("off") + ddb_phase(20000, 10, "{create: 1}"),
     table("off", 4) + ddb_phase(20000, 10, "{create: 1}"), []),
    ("ddb-second", "a table partition in a second with a request",
     table("off") + ddb_phase(1, 100000, "{create: 1}").replace(
         "rate: 1/s", "rate: 0.2/s"),
     table("off") + ddb_phase(1, 400000, "{create: 1}").replace(
         "rate: 1/s", "rate: 0.2/s"), []),
    ("runway", "a candidate's slice of a runway step, 16 streams",
     None, runway(16, 10), []),
    ("runway-1", "a candidate's slice of a runway step, 1 stream",
     None, runway(1, 128), []),
    ("runway-sp", "a candidate's slice of a runway step, spikes",
     None, runway(4, 128, True), []),
]


def cpu_of(cmd):
    """user + sys CPU seconds of cmd, its exit status"""
    with open(os.devnull, "w") as null:
        p = subprocess.Popen(cmd, stdout=null, stderr=subprocess.PIPE)
        _, status, ru = os.wait4(p.pid, 0)
        err = p.stderr.read().decode()
        p.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("bench-work: %s failed: %s" % (" ".join(cmd), err))
    return ru.ru_utime + ru.ru_stime


def units_of(pksim, path):
    out = subprocess.run([pksim, "run", path, "--estimate", "--format",
                          "json"], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit("bench-work: %s --estimate: %s" % (path, out.stderr))
    j = json.loads(out.stdout)
    return j["work_units"] + j.get("runway_work_units", 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", required=True)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    pksim = os.path.join(a.build, "pksim")
    only = set(x for x in a.only.split(",") if x)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, what, base, more, extra in KINDS:
            if only and name not in only:
                continue
            figs = [(0.0, 0.0)] if base is None else []
            for tag, body in (("base", base), ("more", more)):
                if body is None:
                    continue
                path = os.path.join(tmp, "%s-%s.yaml" % (name, tag))
                with open(path, "w") as f:
                    f.write("name: %s-%s\n" % (name, tag) + body)
                out = os.path.join(tmp, "out.txt")
                units = units_of(pksim, path)
                cpu = min(cpu_of([pksim, "run", path, "--no-remedies",
                                  "-o", out] + extra)
                          for _ in range(a.repeat))
                figs.append((units, cpu))
            du = figs[1][0] - figs[0][0]
            dc = figs[1][1] - figs[0][1]
            rows.append((name, du, dc,
                         dc / du * 1e6 if du > 0 else float("nan"), what))
            print("%-14s %14.0f units %8.2f s %8.3f us a unit  (%s)" %
                  rows[-1], flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
