#!/usr/bin/env python3
"""Merge the JSON reports of `pksim compare SCENARIO --variant NAME --format
json` runs (one per variant, same scenario and seed) into the report one
`pksim compare SCENARIO --format json` gives (issue 13 section 5).

Usage: python3 tools/merge-compare.py A.json B.json ... > merged.json

The variants are kept in the order the files are given (give them in the
scenario's order). Two figures of a compare depend on every variant and
are computed again here, as src/report/scorecard.c and sim.c do:
  - scenario.duration_s: the largest of the runs' (the run ends when its
    last variant's last second closes);
  - scorecard.rank: variants sorted by failed share ((failed after
    retries + 403 + 400/409/413) / operations), then 429s / operations,
    then the hottest logical partition's share of RU, then peak normalized
    RU, then fan-out RU -- two figures within a part in a million of each
    other count as equal -- then by name; rank 1 is the best.
Everything else in a variant's report depends on that variant alone.
"""
import functools
import json
import sys


def ratio(a, b):
    return a / b if b > 0 else 0.0


def cmp_double(a, b):
    if abs(a - b) <= 1e-6 * max(abs(a), abs(b)):
        return 0
    return -1 if a < b else 1


def keys(v):
    s, t = v["scorecard"], v["totals"]
    ops = t["operations"]
    failed = (s["failed_after_retries"] + s["rejected_403"]
              + s["refused_400_409_413"])
    return [ratio(failed, ops), ratio(s["throttled_429"], ops),
            s["hottest_share_ru"], s["peak_normalized_ru"], s["fanout_ru"]]


def cmp_variants(a, b):
    for x, y in zip(keys(a), keys(b)):
        c = cmp_double(x, y)
        if c:
            return c
    na, nb = a["name"].encode(), b["name"].encode()
    return (na > nb) - (na < nb)


def merge(reports):
    if not reports:
        raise SystemExit("merge-compare: give at least one report")
    out = dict(reports[0])
    out["scenario"] = dict(reports[0]["scenario"])
    for r in reports[1:]:
        if (r["scenario"]["name"], r["scenario"]["seed"]) != (
                out["scenario"]["name"], out["scenario"]["seed"]):
            raise SystemExit("merge-compare: reports of different "
                             "scenarios or seeds")
    out["scenario"]["duration_s"] = max(r["scenario"]["duration_s"]
                                        for r in reports)
    out["variants"] = [v for r in reports for v in r["variants"]]
    ranked = sorted(out["variants"], key=functools.cmp_to_key(cmp_variants))
    for i, v in enumerate(ranked):
        v["scorecard"]["rank"] = i + 1
    return out


def main(argv):
    reports = []
    for name in argv[1:]:
        with open(name, encoding="utf-8") as f:
            reports.append(json.load(f))
    json.dump(merge(reports), sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv)
