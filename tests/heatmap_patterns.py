#!/usr/bin/env python3
"""heatmap_patterns: every shipped scenario docs/heatmap.md's table of
patterns names shows its pattern, checked on the scenario's own run.

Usage: heatmap_patterns.py PKSIM SOURCE_DIR

Each row of the table "The patterns" names scenarios as
`scenarios/NAME.yaml`; each is run (`pksim run ... --format json`, and the
CSV series for the midnight pattern) and must have a variant that shows
the row's pattern (food-groups is not "bright everywhere": only one
of its ranges rate limits):
  one bright band    one range with 429s or 100 % normalized RU and
                     every other range without 429s
  jumps at midnight  the range with the most RU changes between the
                     first and the last minute (a clock-keyed key)
  divides            at least one split
  even wash          no 429s, every range's peak between 40 % and 80 %
                     and the spread of the peaks under 20 points
  bright everywhere  every range at 100 % normalized RU with 429s
A row whose pattern this script does not know fails, as does a row
without a scenario. Prints each failure; exit 1 on any.
"""
import csv
import io
import json
import re
import subprocess
import sys


def run(pksim, src, name, fmt):
    out = subprocess.run([pksim, "run", "%s/scenarios/%s.yaml" % (src, name),
                          "--format", fmt], capture_output=True, text=True,
                         check=True).stdout
    return out


def ranges(v):
    return v["physical_partitions"]


def one_bright(v):
    hot = [r for r in ranges(v)
           if r["throttled_429"] > 0 or r["peak_normalized_ru"] >= 1]
    return len(hot) == 1 and all(r["throttled_429"] == 0
                                 for r in ranges(v) if r is not hot[0])


def even_wash(v):
    peaks = [r["peak_normalized_ru"] for r in ranges(v)]
    return (v["totals"]["throttled_429"] == 0 and len(peaks) > 1 and
            all(0.4 <= p < 0.8 for p in peaks) and
            max(peaks) - min(peaks) < 0.2)


def bright_everywhere(v):
    return len(ranges(v)) > 1 and all(
        r["peak_normalized_ru"] >= 1 and r["throttled_429"] > 0
        for r in ranges(v))


def divides(v):
    return len(v["splits"]) > 0


def midnight(rows):
    """rows of one variant: the hottest range of the first and of the
    last 60 s differ"""
    end = max(int(r["t_s"]) for r in rows)
    def hottest(lo, hi):
        ru = {}
        for r in rows:
            if lo <= int(r["t_s"]) < hi:
                ru[r["range_id"]] = ru.get(r["range_id"], 0) + float(r["ru"])
        return max(sorted(ru), key=lambda k: ru[k]) if ru else None
    return hottest(0, 60) != hottest(end - 59, end + 1)


PATTERNS = {
    "one bright band": one_bright,
    "a band that jumps at midnight": None,
    "a band that divides": divides,
    "an even wash": even_wash,
    "bright everywhere": bright_everywhere,
}


def main():
    pksim, src = sys.argv[1:3]
    doc = open(src + "/docs/heatmap.md", encoding="utf-8").read()
    table = doc[doc.index("## The patterns"):]
    bad = []
    seen = set()
    for line in table.splitlines():
        m = re.match(r"\| \*\*([^*]+)\*\*", line)
        if not m:
            continue
        pattern = m.group(1)
        seen.add(pattern)
        if pattern not in PATTERNS:
            bad.append("unknown pattern %r" % pattern)
            continue
        names = sorted(set(re.findall(r"`scenarios/([\w-]+)\.yaml`", line)))
        if not names:
            bad.append("%s: no scenario named" % pattern)
        for name in names:
            if PATTERNS[pattern] is None:
                data = list(csv.DictReader(io.StringIO(
                    run(pksim, src, name, "csv"))))
                by = {}
                for r in data:
                    by.setdefault(r["variant"], []).append(r)
                ok = any(midnight(rows) for rows in by.values())
            else:
                d = json.loads(run(pksim, src, name, "json"))
                ok = any(PATTERNS[pattern](v) for v in d["variants"])
            if not ok:
                bad.append("%s: scenarios/%s.yaml has no variant that "
                           "shows it" % (pattern, name))
    for p in PATTERNS:
        if p not in seen:
            bad.append("the table lacks the pattern %r" % p)
    for b in bad:
        print("FAIL: docs/heatmap.md: " + b)
    if not bad:
        print("heatmap_patterns: %d patterns, each scenario shows its own"
              % len(seen))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
