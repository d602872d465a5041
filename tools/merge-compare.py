#!/usr/bin/env python3
"""Merge the JSON reports of `pksim compare SCENARIO --variant NAME --format
json` runs (one per variant, same scenario and seed) into the report one
`pksim compare SCENARIO --format json` gives (issue 13 section 5).

Usage: python3 tools/merge-compare.py A.json B.json ... > merged.json

The variants are kept in the order the files are given (give them in the
scenario's order). The figures of a compare that depend on more than one
variant are computed again here, as src/run/sim.c and
src/report/scorecard.c do (keep them in step with scorecard.c's
"ranking" section):
  - scenario.duration_s: the largest of the runs' (the run ends when its
    last variant's last second closes);
  - scorecard.rank, .tied and .reason: variants ordered by six figures in
    turn (failed share, 429s per operation, RU of the operations, hottest
    range's share of RU, hottest logical partition's share of RU, peak
    normalized RU), each with its tolerance, then by name; neighbours
    equal on every figure share a rank.
Everything else in a variant's report depends on that variant alone.
One seed per run (not a compare over several seeds).
"""
import json
import math
import sys


def ratio(a, b):
    return a / b if b > 0 else 0.0


TOL_FAILED, TOL_REL, TOL_SHARE = 0.001, 0.01, 0.01
NAMES = ["operations failed or refused", "429s per operation",
         "RU of the operations", "hottest range's share of RU",
         "hottest logical partition's share of RU",
         "peak normalized RU consumption"]
FAILED, R429, RU = 0, 1, 2


def figure(v, f):
    s, ops = v["scorecard"], v["totals"]["operations"]
    if f == FAILED:
        return ratio(s["failed_after_retries"] + s["rejected_403"]
                     + s["refused_400_409_413"], ops)
    if f == R429:
        return ratio(s["throttled_429"], ops)
    return s[["ru_of_operations", "hottest_range_share_ru",
              "hottest_share_ru", "peak_normalized_ru"][f - 2]]


def tolerance(f, a, b):
    big = max(abs(a), abs(b))
    if f == FAILED:
        return TOL_FAILED
    if f == R429:
        return max(TOL_FAILED, TOL_REL * big)
    if f == RU:
        return TOL_REL * big
    return TOL_SHARE


def figure_cmp(a, b, f):
    x, y = figure(a, f), figure(b, f)
    if max(x, y) - min(x, y) <= tolerance(f, x, y):
        return 0
    return -1 if x < y else 1


def cmp_cards(a, b):
    for f in range(len(NAMES)):
        c = figure_cmp(a, b, f)
        if c:
            return c, f
    return 0, len(NAMES)


def thousands(n):
    return f"{n:,}"


def figure_text(v, f):
    if f == RU:
        return thousands(int(math.floor(figure(v, f) + 0.5)))
    if f == R429:
        return thousands(v["scorecard"]["throttled_429"])
    return "%.1f%%" % (100.0 * figure(v, f))


def name_key(v):
    return v["name"].encode()


def rank(variants):
    order = []
    for x in variants:  # insertion sort, as scorecard.c's rank_cards
        j = len(order)
        while j > 0:
            c, _ = cmp_cards(order[j - 1], x)
            if c < 0 or (c == 0 and name_key(order[j - 1]) <= name_key(x)):
                break
            j -= 1
        order.insert(j, x)
    cards = [v["scorecard"] for v in order]
    for c in cards:
        c["tied"] = False
        c["reason"] = ""
    for i, c in enumerate(cards):
        if i > 0 and cmp_cards(order[i - 1], order[i])[0] == 0:
            c["rank"] = cards[i - 1]["rank"]
            c["tied"] = cards[i - 1]["tied"] = True
        else:
            c["rank"] = i + 1
    n = len(order)
    for i in range(n):
        j = i + 1
        while j < n and cards[j]["rank"] == cards[i]["rank"]:
            j += 1
        if j == n:
            if cards[i]["tied"]:
                cards[i]["reason"] = ("tied on every figure within the "
                                      "tolerance")
            continue
        _, f = cmp_cards(order[i], order[j])
        reason = "%sahead of %s on %s: %s vs %s" % (
            "tied with its group; " if cards[i]["tied"] else "",
            order[j]["name"], NAMES[f], figure_text(order[i], f),
            figure_text(order[j], f))
        if f < RU and figure_cmp(order[i], order[j], RU) != 0:
            reason += "; RU of the operations %s vs %s" % (
                figure_text(order[i], RU), figure_text(order[j], RU))
        cards[i]["reason"] = reason


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
    rank(out["variants"])
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
