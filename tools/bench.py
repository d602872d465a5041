#!/usr/bin/env python3
"""pksim's benchmark (docs/design.md "Scale and speed").

Runs, one after another on one core each:
  run       pksim on scenarios/bench/zipf-10m.yaml (10 M creates, 1 M
            zipfian key values, 16 ranges) beside tools/floor.c on the same
            keys: operations per second of each and their ratio;
  memory    peak RSS of two side runs that isolate the cost of a tracked
            item (2 M operations, 90 % creates, into 1,000 key values)
            and of a logical partition (1 M operations over 900,000 key
            values in sequence), over a baseline run of 1,000 operations
            (1,000 key values):
              bytes per item = (peak - baseline) / items;
              bytes per logical partition = (peak - baseline - the side
              run's items x bytes per item) / logical partitions;
            counts come from each run's report (items = storage / 1 KiB).
            A third side run, the items run's creates alone (no
            operation reads an item back), gives what such an item
            costs. Beside them, the same arithmetic on the zipf-10m run
            itself: (its peak - baseline - its items x the creates-alone
            run's bytes per item) / its logical partitions. It keeps
            what the side run does not isolate (its 1 M key values'
            cache, its meters), and its items (10 M creates, no reads)
            are charged at the creates-alone cost, so it is a second
            reading of the same cost, not the same measurement. The table and
            the JSON show each count, baseline, peak, what was taken off
            and the delta;
  compare   `pksim compare` on the 2 M-operation version with 1 and with 4
            variants, and the ratio of the second to 4 x the first;
  ingest    `pksim compare --items` on a generated 1 M-record JSON-lines
            file replayed at 100,000 records a second (not rate limited:
            reading and one create per record), and the same all at once
            (a retry queue 1 M deep): records per second of each;
  idle      a simulated week at 1 operation per second: seconds and peak RSS;
  spikes    an hour at 1 operation per second with x3 spikes of 1 s every
            2 s: CPU seconds (the storage runway projects it over 5 years);
  estimate  pksim's memory estimate (`--estimate`, the figure a run is
            refused by before it starts) beside the measured peak RSS of
            each run above that has one, and of a 24-hour compare of 5
            partition keys (compare-iot's shape, 100 operations a
            second, estimated and run with --no-remedies: a replay of
            each keyed variant would take the day again, five times):
            and of 2 hours of 100 creates a second on an existing
            container of 10,000 physical partitions with a JSON and a
            text report (--no-remedies; the report's per-range rows):
            their ratio, which should be at least
            1 (the estimate is an upper bound) and at most 1.5;
  scaling   how an operation's cost grows: 2 M creates over 1 M zipfian
            key values on an existing container of 16, 1,000 and 10,000
            physical partitions (160,000, 1,000,000 and 1,000,000 RU/s:
            10,000, 1,000 and 100 RU/s a range, the most 16 existing
            partitions hold and the most a container may have: the larger
            layouts throttle and retry, so the rows give ns per request
            sent beside ns per operation); one hot key at half the draws, SDK retries (40,000
            RU/s, 5-RU creates, 400,000 operations, about 2.8 M requests);
            and 1 M creates over 10 M key values. Each row runs the floor
            on the same operation and key counts right after pksim, and
            gives pksim's ns per operation over the 16-range row's. Each
            runs pksim twice: as a user's `pksim run` (the report with
            its remedies: a throttled run replays its variant once per
            RU/s it tries, so the 1,000- and 10,000-range and hot-key
            rows pay for those replays) and with --no-remedies (the
            simulation alone, the cost an operation has as the layout,
            the throttling and the keys shape it: what the ranges
            target is about); both figures and the replays are shown.
With --memory only the memory rows run: the zipf-10m run (its peak and
estimate, no floor), the memory side runs, and the estimate rows (the
scaling workloads run once each for their peak, without the floor or
the --no-remedies timing; none of the compare, ingest or idle rows).
Figures are CPU seconds of the child (user + system) from wait4(2), so a
busy machine slows them less than wall time would; the floor's are the
CPU seconds of its loop, as it prints them (floor_seconds: the table of
key texts it builds first is no work of pksim's). Peak RSS is pksim's
own, in MiB (2^20 bytes; the JSON's *_mb keys are MiB too), measured by
GNU time (/usr/bin/time, Debian package time): a child's ru_maxrss from
this script's wait4 starts at the RSS of the Python process it was
forked from (Linux keeps the larger across exec), about 15 MiB, which
hid pksim's 4 MiB baseline and, at --quick, most of the memory rows'
growth (12 bytes per logical partition, 0.7 per item). Nothing passes
or fails: the targets are printed beside the figures for the reader,
and not with --quick (a tenth of each workload: start-up and the
baseline weigh ten times more and the memory runs' indexes are other
sizes, so no figure there can be held against a target).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time

TARGETS = {
    "run_ops_per_s": ">= 10,000,000",
    "ratio_to_floor": "<= 2",
    "bytes_per_logical_partition": "<= 100",
    "bytes_per_item": "<= 48",
    "bytes_per_item_creates": "<= 12",
    "compare4_over_4x_one": "<= 1.2",
    "ingest_records_per_s": ">= 1,000,000",
    "idle_week_seconds": "< 1",
    "idle_week_peak_mb": "< 50",
    "spiky_hour_seconds": "< 1",
    "scaling_ratio_to_16": "<= 1.3",
    "hot_key_ns_per_request": "< 200",
    "estimate_over_peak": "1 to 1.5",
}


TIME = "/usr/bin/time"


def run(cmd, stdout=subprocess.DEVNULL):
    """Run cmd; return (cpu seconds, peak RSS bytes, stdout text or None).

    The peak RSS is cmd's own, as GNU time reports it (the module's
    docstring says why not wait4's): time forks from its own small
    process (about 2 MiB, below pksim's baseline) and waits for cmd."""
    out = tempfile.TemporaryFile()
    with tempfile.NamedTemporaryFile(mode="r") as peak:
        proc = subprocess.Popen([TIME, "-f", "%M", "-o", peak.name] + cmd,
                                stdout=out, stderr=subprocess.PIPE)
        _, status, ru = os.wait4(proc.pid, 0)
        err = proc.stderr.read().decode(errors="replace")
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            sys.exit("bench: %s failed (%d): %s" % (" ".join(cmd),
                                                      proc.returncode, err))
        kib = int(peak.read().split()[-1])
    out.seek(0)
    text = out.read().decode()
    return ru.ru_utime + ru.ru_stime, kib * 1024, text


def floor_seconds(text):
    """The floor's CPU seconds over its draws, as it prints them
    (tools/floor.c's `seconds=S`: CLOCK_PROCESS_CPUTIME_ID around its
    loop), not its process's: before the loop it formats every key
    value's text with snprintf, work pksim never does (pksim formats a
    value when an operation sends it). At 1 M operations over 10 M key
    values that was 0.78 of the process's 1.01 CPU s, and the floor
    came out slower than pksim."""
    m = re.search(r"\bseconds=([0-9.]+)", text)
    if not m or float(m.group(1)) <= 0:
        sys.exit("bench: the floor printed no seconds above 0: %r" % text)
    return float(m.group(1))


def estimate(pksim, cmd):
    """pksim's bound on the peak RSS of the run cmd (its arguments after
    the pksim binary), in bytes: the memory estimate and the process
    itself, from the same command with --estimate, which runs nothing."""
    out = subprocess.run([pksim] + cmd + ["--estimate", "--format", "json"],
                         stdout=subprocess.PIPE, check=True).stdout
    return json.loads(out)["peak_bound_bytes"]


def estimate_format(fmt):
    """estimate's bound for a run whose report is fmt (text, csv, ...):
    the bytes the --estimate in that format says beside "peak RSS at
    most" (each format's rows cost their own, scenario.h)."""
    def bound(pksim, cmd):
        out = subprocess.run([pksim] + cmd + ["--estimate", "--format", fmt],
                             stdout=subprocess.PIPE,
                             check=True).stdout.decode()
        m = re.search(r"peak RSS at most: [^(]*\(([0-9,]+) bytes", out)
        return int(m.group(1).replace(",", ""))
    return bound


def estimate_row(name, est, peak):
    """One estimate row's figures: est and peak in bytes."""
    return {"name": name, "estimate_bytes": est, "peak_bytes": peak,
            "ratio": round(est / peak, 2)}


def per_unit(peak, baseline, count, less=0.0):
    """One memory row's arithmetic: bytes per unit = (peak - baseline -
    less) / count, with its parts as the table and the JSON show them.

    peak and baseline are peak RSS in bytes (GNU time's KiB x 1024);
    count is the number of units (items, logical partitions) the run's
    report gives; less is bytes the run holds for something else that
    is measured on its own (a logical-partition run's items x bytes per
    item), 0 when nothing is taken off."""
    delta = peak - baseline - less
    return {"count": count, "peak_bytes": peak, "baseline_bytes": baseline,
            "less_bytes": round(less), "delta_bytes": round(delta),
            "bytes_per_unit": round(delta / count, 1)}


def mib(b):
    return "%.1f" % (b / 2**20)


def memory_detail(m, unit, less_text=""):
    """The line under a memory row: its count, peak, baseline, what was
    taken off and the delta, in MiB."""
    return ("peak %s MiB - baseline %s%s = %s MiB over %s %s" % (
        mib(m["peak_bytes"]), mib(m["baseline_bytes"]), less_text,
        mib(m["delta_bytes"]), f"{m['count']:,}", unit))


def items_text(m, per_item):
    """' - N items x B B (MiB)': what a logical-partition row takes off,
    its items at per_item bytes each."""
    return " - %s items x %s B (%s)" % (f"{m['items']:,}", per_item,
                                        mib(m["less_bytes"]))


def scenario(dirpath, name, body):
    path = os.path.join(dirpath, name)
    with open(path, "w") as f:
        f.write(body)
    return path


def totals(json_text):
    rep = json.loads(json_text)
    if "variants" in rep:
        rep = rep["variants"][0]
    return rep


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build-bench")
    ap.add_argument("--json", help="also write the figures as JSON here")
    ap.add_argument("--quick", action="store_true",
                    help="a tenth of each workload but the idle week, which "
                    "runs whole (a smoke of the script)")
    ap.add_argument("--memory", action="store_true",
                    help="only the memory rows: the bytes per item and per "
                    "logical partition, and each estimate beside its "
                    "measured peak RSS")
    a = ap.parse_args()
    if not os.access(TIME, os.X_OK):
        sys.exit("bench: needs GNU time (%s, Debian package time) for "
                 "peak RSS; sh tools/bootstrap installs it" % TIME)
    top = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    pksim = os.path.join(a.build, "pksim")
    floor = os.path.join(a.build, "pksim-floor")
    scale = 10 if a.quick else 1
    fig = {}
    with tempfile.TemporaryDirectory() as tmp:
        # run: pksim beside the floor
        big = os.path.join(top, "scenarios", "bench", "zipf-10m.yaml")
        ops = 10_000_000
        if a.quick:
            big = scenario(tmp, "zipf-1m.yaml", quick_zipf(open(big).read()))
            ops = 1_000_000
        secs, rss, text_z = run([pksim, "run", big, "--format", "json"],
                                stdout=subprocess.PIPE)
        fig["run_ops"] = ops
        fig["run_seconds"] = round(secs, 3)
        fig["run_ops_per_s"] = round(ops / secs)
        fig["run_peak_mb"] = round(rss / 2**20, 1)
        run_rss = rss  # for the memory rows below
        est = [estimate_row(os.path.basename(big), estimate(
            pksim, ["run", big]), rss)]
        if not a.memory:
            psecs, _, ftext = run([floor, str(ops), "1000000"],
                                  stdout=subprocess.PIPE)
            fsecs = floor_seconds(ftext)
            fig["floor_seconds"] = round(fsecs, 3)
            fig["floor_process_seconds"] = round(psecs, 3)
            fig["floor_ops_per_s"] = round(ops / fsecs)
            fig["ratio_to_floor"] = round(fig["floor_ops_per_s"] /
                                          fig["run_ops_per_s"], 2)

        # memory: bytes per tracked item and per logical partition. Reads
        # in the mix make pksim keep every created item (a create-only
        # stream needs no item table); counts come from the report:
        # items = storage / 1 KiB, logical partitions as reported. The
        # items run spreads 100,000 ops/s over 1,000 key values (about
        # 1,000 RU/s a range, no 429s): with 16 values two keys shared a
        # 10,000 RU/s range and 4.4 M 429s filled the retry queue, whose
        # memory was counted as the items' (62 bytes per item then, 33.5
        # without it; 1,000 logical partitions add 0.05 bytes per item).
        # The stream must not throttle, or the figure is not an item's.
        head = ("seed: 1\ncontainer: {partition_key: /k, throughput: 1000000}\n"
                "cost: {write_1kb: 1}\nitems:\n")
        mix = "ops: {create: 0.9, read: 0.1}, item_size: 1KiB"
        base = scenario(tmp, "base.yaml", head +
                        "  k: {values: \"k{0..999}\"}\nphases:\n"
                        "  - {duration: 1s, rate: 1000/s, %s}\n" % mix)
        items = scenario(tmp, "items.yaml", head +
                         "  k: {values: \"k{0..999}\"}\nphases:\n"
                         "  - {duration: %ds, rate: 100000/s, %s}\n"
                         % (20 // scale, mix))
        creates = scenario(tmp, "creates.yaml", head +
                           "  k: {values: \"k{0..999}\"}\nphases:\n"
                           "  - {duration: %ds, rate: 100000/s, ops: "
                           "{create: 1}, item_size: 1KiB}\n" % (20 // scale))
        lps = scenario(tmp, "lps.yaml", head +
                       "  k: {values: \"k{0..%d}\", distribution: sequential}\n"
                       "phases:\n  - {duration: %ds, rate: 100000/s, %s}\n"
                       % (900_000 // scale - 1, 10 // scale, mix))
        _, rss0, _ = run([pksim, "run", base, "--format", "json"])
        _, rss_i, text_i = run([pksim, "run", items, "--format", "json"],
                               stdout=subprocess.PIPE)
        _, rss_l, text_l = run([pksim, "run", lps, "--format", "json"],
                               stdout=subprocess.PIPE)
        _, rss_c, text_c = run([pksim, "run", creates, "--format", "json"],
                               stdout=subprocess.PIPE)
        n_items = totals(text_i)["totals"]["storage_bytes"] // 1024
        if totals(text_i)["totals"]["throttled_429"]:
            print("tools/bench: the items run was rate limited: bytes per "
                  "item include its retry queue", file=sys.stderr)
        est.append(estimate_row("items side run", estimate(
            pksim, ["run", items]), rss_i))
        est.append(estimate_row("logical partitions side run", estimate(
            pksim, ["run", lps]), rss_l))
        est.append(estimate_row("creates-alone side run", estimate(
            pksim, ["run", creates]), rss_c))
        mi = per_unit(rss_i, rss0, n_items)
        per_item = (rss_i - rss0) / n_items
        n_c_items = totals(text_c)["totals"]["storage_bytes"] // 1024
        mc = per_unit(rss_c, rss0, n_c_items)
        per_item_c = (rss_c - rss0) / n_c_items
        t = totals(text_l)["totals"]
        n_lp_items = t["storage_bytes"] // 1024
        ml = per_unit(rss_l, rss0, t["logical_partitions"],
                      per_item * n_lp_items)
        ml["items"] = n_lp_items
        # the run's own workload (creates alone), its items charged at
        # the creates-alone side run's cost per item: a create-only run
        # keeps an item's value index but no size and no slot, which
        # the items run's reads make it keep.
        t = totals(text_z)["totals"]
        n_z_items = t["storage_bytes"] // 1024
        mz = per_unit(run_rss, rss0, t["logical_partitions"],
                      per_item_c * n_z_items)
        mz["items"] = n_z_items
        fig["bytes_per_item"] = mi["bytes_per_unit"]
        fig["bytes_per_item_creates"] = mc["bytes_per_unit"]
        fig["bytes_per_logical_partition"] = ml["bytes_per_unit"]
        fig["run_bytes_per_logical_partition"] = mz["bytes_per_unit"]
        fig["memory"] = {"items_run": mi, "logical_partitions_run": ml,
                         "creates_run": mc, "run": mz}

        if not a.memory:
            # compare: 1 and 4 variants on the 2 M-operation version
            two = os.path.join(top, "scenarios", "bench", "zipf-2m.yaml")
            body = open(two).read()
            if a.quick:
                body = body.replace("duration: 40s", "duration: 4s")
            one = scenario(tmp, "one.yaml", body)
            four = scenario(tmp, "four.yaml", body + (
                "variants:\n"
                "  - {name: a}\n  - {name: b}\n  - {name: c}\n  - {name: d}\n"))
            # on one core (--jobs 1): CPU seconds
            s1, _, _ = run([pksim, "compare", one, "--format", "json",
                            "--jobs", "1"])
            s4, _, _ = run([pksim, "compare", four, "--format", "json",
                            "--jobs", "1"])
            fig["compare1_seconds"] = round(s1, 3)
            fig["compare4_seconds"] = round(s4, 3)
            fig["compare4_over_4x_one"] = round(s4 / (4 * s1), 2)
            # --jobs 2 (threads): wall seconds against --jobs 1's wall
            # seconds; on a shared machine this depends on the load
            w = []
            for j in ("1", "2"):
                t0 = time.monotonic()
                run([pksim, "compare", four, "--format", "json", "--jobs", j])
                w.append(time.monotonic() - t0)
            fig["compare4_jobs1_wall_seconds"] = round(w[0], 3)
            fig["compare4_jobs2_wall_seconds"] = round(w[1], 3)

            # ingest: a generated JSON-lines file of 1 M records, each read
            # and replayed as one create. The records carry no time, so
            # --rate replays them in file order: 100,000 a second is 10
            # simulated seconds of 5-RU creates, 500,000 RU/s against the
            # container's 1,000,000 on 100 ranges of 10,000 RU/s; the keys
            # k0..k49999 come round robin, so a range gets about 1/100 of
            # them, ~1,000 creates (5,000 RU) a second: half its budget, no
            # 429s. The figure is then what the target names, reading the
            # file and replaying each record, not a retry queue. It must not
            # throttle: the script warns if it did. The second row sends the
            # same records all at t = 0 (--at-once): 5 M RU against 1 M RU/s,
            # ~2 M 429s and a retry queue 1 M deep, whose cost it shows.
            n_rec = 1_000_000 // scale
            data = os.path.join(tmp, "records.jsonl")
            with open(data, "w") as f:
                for i in range(n_rec):
                    f.write('{"id":"r%d","k":"k%d","v":%d}\n' % (i, i % 50000, i))
            ingest = [pksim, "compare", "--items", data, "--key", "/k",
                      "--throughput", "1000000", "--format", "json"]
            s, rss, text = run(ingest + ["--rate", "100000"],
                               stdout=subprocess.PIPE)
            if totals(text)["totals"]["throttled_429"]:
                print("tools/bench: the ingest run was rate limited: records "
                      "per second include its retry queue", file=sys.stderr)
            fig["ingest_records"] = n_rec
            fig["ingest_records_per_s"] = round(n_rec / s)
            fig["ingest_peak_mb"] = round(rss / 2**20, 1)
            est.append(estimate_row("ingest --rate", estimate(
                pksim, ingest[1:] + ["--rate", "100000"]), rss))
            s, rss, text = run(ingest + ["--at-once"], stdout=subprocess.PIPE)
            fig["ingest_at_once_429s"] = totals(text)["totals"]["throttled_429"]
            fig["ingest_at_once_records_per_s"] = round(n_rec / s)
            fig["ingest_at_once_peak_mb"] = round(rss / 2**20, 1)
            est.append(estimate_row("ingest --at-once", estimate(
                pksim, ingest[1:] + ["--at-once"]), rss))

            # idle: a simulated week at 1 op/s, the full week with --quick
            # too (about 0.1 s: until 2026-12-02 --quick ran one day under
            # the week's label)
            week = scenario(tmp, "week.yaml", WEEK)
            s, rss, _ = run([pksim, "run", week, "--format", "json"])
            fig["idle_week_seconds"] = round(s, 3)
            fig["idle_week_peak_mb"] = round(rss / 2**20, 1)
            est.append(estimate_row("simulated week", estimate(
                pksim, ["run", week]), rss))

            # spikes: an hour of 2-s spikes, whose storage runway is
            # projected hour by hour over 5 years: its cost is the
            # hours, not the 79 M spike edges of the horizon
            spiky = scenario(tmp, "spiky.yaml", SPIKY_HOUR)
            s, _, _ = run([pksim, "run", spiky, "--format", "json"])
            fig["spiky_hour_seconds"] = round(s, 3)

        fig["scaling"] = scaling(tmp, pksim, floor, scale, est, a.memory)

        # a day of 5 partition keys side by side
        day = scenario(tmp, "day.yaml", DAY_YAML % (24 * 3600 // scale))
        cmd = ["compare", day, "--no-remedies", "--format", "json"]
        _, rss, _ = run([pksim] + cmd)
        # the estimate of the same command: without remedies it counts
        # no replays, as the measured run makes none
        est.append(estimate_row("24 h compare, 5 keys, --no-remedies",
                                estimate(pksim, cmd[:-2]), rss))
        # 10,000 ranges for 2 h at 100 creates a second: the report's
        body = ranges_yaml(10000, 1000000).replace("20000/s", "100/s")
        path = scenario(tmp, "ranges2h.yaml", body % (7200 // scale))
        # per-range rows and heat map dominate, JSON's more than text's;
        # a CSV series has a row a sample instead
        for fmt, bound in (("json", estimate), ("text", estimate_format(
                "text")), ("html", estimate_format("html")),
                ("csv", estimate_format("csv"))):
            cmd = ["run", path, "--no-remedies", "--format", fmt]
            _, rss, _ = run([pksim] + cmd)
            est.append(estimate_row(
                "10,000 ranges, 2 h at 100/s, --no-remedies, " + fmt,
                bound(pksim, cmd[:-2]), rss))
        fig["estimates"] = est

    if a.memory:
        print_table(memory_rows(fig, a.quick) +
                    estimate_rows(fig["estimates"]), a.quick)
    else:
        print_table(table_rows(fig, a.quick) + scaling_rows(fig["scaling"]) +
                    estimate_rows(fig["estimates"]), a.quick)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"quick": a.quick, "memory_only": a.memory,
                       "figures": fig, "targets": TARGETS,
                       "targets_apply": not a.quick},
                      f, indent=2, sort_keys=True)
            f.write("\n")


# the scaling rows (issue 27): name, scenario text (durations in
# seconds, divided by --quick's scale), operations at full size, key
# values. The ranges rows differ only in partitions: an existing
# container's physical partitions (scenarios/README.md, `partitions`).
def ranges_yaml(n, ru_per_s):
    return ("seed: 1\ncontainer: {partition_key: /k, throughput: %d, "
            "partitions: %d}\ncost: {write_1kb: 1}\nitems:\n"
            "  k: {values: \"k{0000000..0999999}\", distribution: zipfian}\n"
            "phases:\n  - {duration: %%ds, rate: 20000/s, ops: {create: 1}, "
            "item_size: 1KB}\n" % (ru_per_s, n))


HOT_YAML = ("seed: 1\ncontainer: {partition_key: /k, throughput: 40000}\n"
            "cost: {write_1kb: 5}\nitems:\n"
            "  k: {values: \"k{0000..9999}\", distribution: hotspot, "
            "hot_data: 0.0001, hot_ops: 0.5}\n"
            "phases:\n  - {duration: %ds, rate: 20000/s, ops: {create: 1}, "
            "item_size: 1KB}\n")

KEYS10M_YAML = ("seed: 1\ncontainer: {partition_key: /k, autoscale_max: "
                "160000}\ncost: {write_1kb: 1}\nitems:\n"
                "  k: {values: \"k{00000000..09999999}\", distribution: "
                "zipfian}\nphases:\n  - {duration: %ds, rate: 50000/s, "
                "ops: {create: 1}, item_size: 1KB}\n")

SCALING = [
    ("16 ranges", ranges_yaml(16, 160000), 100, 1_000_000),
    ("1,000 ranges", ranges_yaml(1000, 1000000), 100, 1_000_000),
    ("10,000 ranges", ranges_yaml(10000, 1000000), 100, 1_000_000),
    ("hot key, SDK retries", HOT_YAML, 20, 10_000),
    ("10 M key values", KEYS10M_YAML, 20, 10_000_000),
]


def scaling(tmp, pksim, floor, scale, est, memory_only=False):
    """The scaling rows: per workload pksim's CPU seconds, operations,
    requests sent (from its report), ns per operation and per request,
    peak RSS, and the floor's ns per operation on the same counts, run
    right after it (its zipfian draw over as many key values:
    the floor of a hot-key row draws another distribution at the same
    cost). memory_only: each workload's estimate row alone (one run
    for its peak), no rows."""
    rows = []
    for name, body, secs, keys in SCALING:
        path = scenario(tmp, "scaling.yaml", body % (secs // scale))
        s, rss, text = run([pksim, "run", path, "--format", "json"],
                           stdout=subprocess.PIPE)
        if memory_only:
            est.append(estimate_row(name, estimate(pksim, ["run", path]),
                                    rss))
            continue
        alone, _, _ = run([pksim, "run", path, "--no-remedies", "--format",
                           "json"])
        v = totals(text)
        t = v["totals"]
        ops = t["operations"]
        _, _, ftext = run([floor, str(ops), str(keys)],
                          stdout=subprocess.PIPE)
        fs = floor_seconds(ftext)
        listed, ran = replays_run(v.get("remedies") or {})
        rows.append(scaling_row(name, s, ops, t["requests"], rss, fs, alone,
                                listed, ran))
        est.append(estimate_row(name, estimate(pksim, ["run", path]), rss))
    if rows:
        scaling_ratios(rows)
    return rows


def replays_run(rem):
    """(listed, run): the remedy replays a variant's JSON remedies
    object lists, and of them those that ran a simulation. The switch to
    autoscale's try at the max the raise with splits last replayed is
    answered by that replay when the two are the same run
    (src/result/remedy_twin.c: no prices, no split delay, the RU/s on the
    1,000 grid; the bench's scenarios have no split delay and start on
    the grid): its search then starts at that setting (the raise's
    figures are its hint) and its figures are the raise's. The report
    lists that try as a replay of the switch's, as its figures are the
    ones its own run would give; it cost no simulation."""
    listed = rem.get("replays", 0)
    items = {m["kind"]: m for m in rem.get("list", [])}
    a, r = items.get("autoscale"), items.get("raise_with_splits")
    same = ("ru_per_s", "throttled_429", "failed_after_retries",
            "physical_partitions", "splits")
    twin = (a is not None and r is not None and a["replays"] > 0 and
            r["replays"] > 0 and rem.get("month_cost") is None and
            r["status"] == "not_found" and
            a["search_start_ru_per_s"] == r["ru_per_s"] and
            all(a[k] == r[k] for k in same))
    return listed, listed - (1 if twin else 0)


def scaling_row(name, secs, ops, requests, peak, floor_secs, alone_secs,
                replays, ran=None):
    """One scaling row's figures: secs and floor_secs are CPU seconds of
    pksim and of the floor over ops operations, requests what pksim
    sent (operations and their retries), peak its peak RSS in bytes;
    alone_secs pksim's CPU seconds with --no-remedies, replays the
    remedy replays its report made, ran those that ran a simulation
    (replays_run; None: all of them)."""
    ran = replays if ran is None else ran
    return {"name": name, "seconds": round(secs, 3), "ops": ops,
            "requests": requests,
            "ns_per_op": round(secs / ops * 1e9),
            "ns_per_request": round(secs / requests * 1e9),
            "peak_mb": round(peak / 2**20, 1),
            "floor_ns_per_op": round(floor_secs / ops * 1e9),
            "alone_seconds": round(alone_secs, 3),
            "alone_ns_per_op": round(alone_secs / ops * 1e9),
            "alone_ns_per_request": round(alone_secs / requests * 1e9),
            "remedy_replays": replays,
            "remedy_replays_run": ran,
            # what a replay costs beside the run: the CPU s with
            # remedies less without, over the replays that ran
            "replay_seconds_each": (round((secs - alone_secs) / ran, 3)
                                    if ran else None)}


def scaling_ratios(rows):
    """Set each row's over_16_ranges: its ns per operation over the
    first row's (the 16-range run's), and alone_over_16_ranges the same
    for the runs with --no-remedies; alone_request_over_16_ranges the
    same per request sent."""
    base = rows[0]["ns_per_op"]
    base_alone = rows[0]["alone_ns_per_op"]
    base_req = rows[0]["alone_ns_per_request"]
    for r in rows:
        r["over_16_ranges"] = round(r["ns_per_op"] / base, 2)
        r["alone_over_16_ranges"] = round(r["alone_ns_per_op"] /
                                          base_alone, 2)
        r["alone_request_over_16_ranges"] = round(
            r["alone_ns_per_request"] / base_req, 2)


def scaling_rows(rows):
    """print_table's rows for the scaling figures: one per workload
    (ns per operation, its ratio to the 16-range row's, the target
    where the issue sets one), the details indented under it."""
    out = []
    for r in rows:
        tgt = ""
        if "ranges" in r["name"] and not r["name"].startswith("16"):
            tgt = "x16 ranges " + TARGETS["scaling_ratio_to_16"]
        out.append(("%s, ns per op (x16 ranges %s)" % (
            r["name"], r["over_16_ranges"]), f"{r['ns_per_op']:,}", tgt))
        out.append(("%s, --no-remedies, ns per op (x16 ranges %s)" % (
            r["name"], r["alone_over_16_ranges"]),
            f"{r['alone_ns_per_op']:,}", tgt))
        if "ranges" in r["name"]:
            # the ranges rows share one workload and RU/s, so more
            # partitions means less RU/s each and more 429s: per
            # request sent, the cost of partitions is apart from the
            # cost of the retries throttling adds
            out.append(("%s, --no-remedies, ns per request (x16 ranges "
                        "%s)" % (r["name"],
                                 r["alone_request_over_16_ranges"]),
                        f"{r['alone_ns_per_request']:,}", tgt))
        if r["name"].startswith("hot key"):
            # with remedies the CPU is the run's and its replays' (each
            # a run of its own, with its own requests), the requests
            # the run's alone
            out.append(("%s, CPU of the run and its %s remedy replays "
                        "run over the run's requests, ns" % (
                            r["name"], r.get("remedy_replays_run",
                                             r["remedy_replays"])),
                        f"{r['ns_per_request']:,}",
                        TARGETS["hot_key_ns_per_request"]))
            out.append(("%s, --no-remedies, ns per request sent" %
                        r["name"], f"{r['alone_ns_per_request']:,}",
                        TARGETS["hot_key_ns_per_request"]))
        ran = r.get("remedy_replays_run", r["remedy_replays"])
        out.append(("%s ops, %s requests, %s CPU s (%s with "
                    "--no-remedies; %s remedy replays%s%s), peak %s MiB; "
                    "floor %s ns per op in the same run" % (
                        f"{r['ops']:,}", f"{r['requests']:,}", r["seconds"],
                        r["alone_seconds"], r["remedy_replays"],
                        ", %s ran (the switch to autoscale took the raise "
                        "with splits' last)" % ran
                        if ran != r["remedy_replays"] else "",
                        ", %s CPU s each" % r["replay_seconds_each"]
                        if r["replay_seconds_each"] else "",
                        r["peak_mb"], f"{r['floor_ns_per_op']:,}"),
                    None, None))
    return out


# the estimate's multi-variant day (issue 27: a user's 24-hour compare of
# 5 keys was refused at 30 h by an estimate about 4 x its peak):
# compare-iot's telemetry with a fifth key, 100 operations a second for
# the duration given (24 h; 2.4 h with --quick), 8.64 M operations a
# variant
DAY_YAML = ("seed: 42\nclock: {start: \"2026-03-04T00:00:00Z\"}\n"
            "container: {partition_key: /deviceId, throughput: 18000}\n"
            "variants:\n"
            "  - {name: device, partition_key: /deviceId}\n"
            "  - {name: date, partition_key: /date}\n"
            "  - {name: device-date, partition_key: \"{deviceId}-{date}\"}\n"
            "  - {name: date-bucket, partition_key: "
            "\"{date}.{hash(deviceId) mod 400}\"}\n"
            "  - {name: site-device, partition_key: [/site, /deviceId]}\n"
            "items:\n  deviceId: {values: \"dev-{0000..9999}\"}\n"
            "  site: {values: \"site-{00..49}\"}\n"
            "  date: {clock: \"%%Y-%%m-%%d\"}\n"
            "phases:\n  - {name: telemetry, duration: %ds, rate: 100/s, "
            "ops: {create: 0.9, read: 0.1}, item_size: 1KB}\n")


def estimate_rows(rows):
    """print_table's rows for the estimates: one per run, the estimate
    over the peak, then the two figures in MiB."""
    out = []
    for r in rows:
        out.append(("memory estimate / peak RSS, %s" % r["name"],
                    str(r["ratio"]), TARGETS["estimate_over_peak"]))
        out.append(("estimate %s MiB, peak %s MiB" % (
            mib(r["estimate_bytes"]), mib(r["peak_bytes"])), None, None))
    return out


# the idle row's scenario: 7 days at 1 op/s (604,800 operations)
WEEK = ("seed: 1\ncontainer: {partition_key: /k, throughput: 400}\n"
        "items:\n  k: {values: \"k{0..99}\"}\n"
        "phases:\n  - {duration: 7d, rate: 1/s, "
        "ops: {create: 0.5, read: 0.5}}\n")

# the spikes row's scenario: one hour, creates of 100 B at 1/s with x3
# for 1 s every 2 s, over ten key values (7,200 operations)
SPIKY_HOUR = ("seed: 1\ncontainer: {partition_key: /k, throughput: 100000}\n"
              "items:\n  k: {values: \"k-{1..10}\"}\n"
              "phases:\n  - {duration: 1h, ops: {create: 1}, item_size: "
              "100B, rate: {base: 1/s, spikes: {every: 2s, for: 1s, "
              "factor: 3}}}\n")

# --quick's run scenario: zipf-10m.yaml at a tenth (200 s -> 20 s at
# 50,000 ops/s: 1 M creates), its name, description and comment said so
QUICK_ZIPF = [("duration: 200s", "duration: 20s"),
              ("name: bench-zipf-10m", "name: bench-zipf-1m"),
              ("description: 10 M creates", "description: 1 M creates"),
              ("# 10,000,000 creates", "# 1,000,000 creates"),
              ("run by tools/bench:", "run by tools/bench --quick (a tenth "
               "of scenarios/bench/zipf-10m.yaml):")]


def quick_zipf(body):
    """zipf-10m.yaml's text as --quick's zipf-1m: each of QUICK_ZIPF's
    replacements must apply once, or the script stops (the scenario
    changed under it and the label would no longer be checked)."""
    for old, new in QUICK_ZIPF:
        if body.count(old) != 1:
            sys.exit("bench: scenarios/bench/zipf-10m.yaml no longer "
                     "holds %r once; update QUICK_ZIPF" % old)
        body = body.replace(old, new)
    return body


def table_rows(fig, quick):
    """The table's rows from the figures (print_table's shape). Rows
    timed by wait4 are CPU seconds of the child (user + system) and say
    so; wall-clock rows say wall."""
    return [
        ("pksim run, ops per CPU s (%s ops)" % f"{fig['run_ops']:,}",
         f"{fig['run_ops_per_s']:,}", TARGETS["run_ops_per_s"]),
        ("floor, ops per CPU s", f"{fig['floor_ops_per_s']:,}", ""),
        ("floor / pksim", str(fig["ratio_to_floor"]), TARGETS["ratio_to_floor"]),
    ] + memory_rows(fig, quick) + compare_rows(fig, quick)


def memory_rows(fig, quick):
    """The memory rows: the run's peak and the bytes per item and per
    logical partition, each with its arithmetic."""
    ml = fig["memory"]["logical_partitions_run"]
    mz = fig["memory"]["run"]
    return [
        ("pksim run, peak RSS MiB", str(fig["run_peak_mb"]), ""),
        ("bytes per tracked item (side run)", str(fig["bytes_per_item"]),
         TARGETS["bytes_per_item"]),
        (memory_detail(fig["memory"]["items_run"], "items"), None, None),
        ("bytes per item, creates alone (side run)",
         str(fig["bytes_per_item_creates"]),
         TARGETS["bytes_per_item_creates"]),
        (memory_detail(fig["memory"]["creates_run"], "items"), None, None),
        ("bytes per logical partition (side run)",
         str(fig["bytes_per_logical_partition"]),
         TARGETS["bytes_per_logical_partition"]),
        (memory_detail(ml, "logical partitions",
                       items_text(ml, fig["bytes_per_item"])),
         None, None),
        ("bytes per logical partition, %s run itself" % (
            "zipf-1m" if quick else "zipf-10m"),
         str(fig["run_bytes_per_logical_partition"]), ""),
        (memory_detail(mz, "logical partitions",
                       items_text(mz, fig["bytes_per_item_creates"]))
         + "; its key values' cache and meters counted in", None, None),
    ]


def compare_rows(fig, quick):
    """The rows after the memory rows: compare, ingest, the idle week."""
    return [
        ("compare 1 variant, --jobs 1, CPU s", str(fig["compare1_seconds"]),
         ""),
        ("compare 4 variants, --jobs 1, CPU s", str(fig["compare4_seconds"]),
         ""),
        ("4 variants / (4 x 1), --jobs 1, CPU s",
         str(fig["compare4_over_4x_one"]),
         TARGETS["compare4_over_4x_one"]),
        ("compare 4, --jobs 1, wall s",
         str(fig["compare4_jobs1_wall_seconds"]), ""),
        ("compare 4, --jobs 2, wall s",
         str(fig["compare4_jobs2_wall_seconds"]), ""),
        ("data file ingest, records per CPU s",
         f"{fig['ingest_records_per_s']:,}", TARGETS["ingest_records_per_s"]),
        at_once_row(fig, quick),
        ("simulated week at 1 op/s, CPU s", str(fig["idle_week_seconds"]),
         TARGETS["idle_week_seconds"]),
        ("simulated week, peak RSS MiB", str(fig["idle_week_peak_mb"]),
         TARGETS["idle_week_peak_mb"]),
        ("an hour of 2-s spikes (5-year runway), CPU s",
         str(fig["spiky_hour_seconds"]), TARGETS["spiky_hour_seconds"]),
    ]


def at_once_row(fig, quick):
    """The --at-once ingest row. It is there to show a retry queue's
    cost; with no 429s (--quick's 100,000 records: 500,000 RU against
    1,000,000 RU/s) there is no queue, and the row says it measured none
    and shows n/a rather than a figure read as the queue's."""
    n429 = fig["ingest_at_once_429s"]
    if n429:
        return ("data file ingest --at-once (%s 429s, retried), records per "
                "CPU s" % f"{n429:,}",
                f"{fig['ingest_at_once_records_per_s']:,}", "")
    return ("data file ingest --at-once: no 429s%s, no retry queue measured"
            % (" at a tenth of the size" if quick else ""), "n/a", "")


QUICK_NOTE = ("targets n/a with --quick: a tenth of each workload, where "
              "start-up and the baseline weigh ten times more and the "
              "indexes are other sizes; run without --quick to compare")


def print_table(rows, quick):
    """rows: (figure, measured, target); measured None is a detail line
    under the row before it (the memory rows' arithmetic), printed
    indented across the columns. With quick every target is n/a."""
    w = max(len(r[0]) for r in rows if r[1] is not None)
    print("%-*s  %14s  %s" % (w, "figure" + (" (--quick)" if quick else ""),
                              "measured", "target"))
    for name, val, tgt in rows:
        if val is None:
            print("    " + name)
            continue
        if quick and tgt:
            tgt = "n/a"
        print(("%-*s  %14s  %s" % (w, name, val, tgt)).rstrip())
    if quick:
        print(QUICK_NOTE)


if __name__ == "__main__":
    main()
