#!/usr/bin/env python3
"""lesson_figures: the figures quoted in the lessons (their header
comments and lesson: text, scenarios/lessons/*.yaml) and in
docs/teaching.md are the figures the lessons produce.

Usage: lesson_figures.py PKSIM SOURCE_DIR

A figure here is a share written with two decimals ("77.09 %"): what a
run measures, not a round number of the design. Each must either appear
in the text report of its lesson's own run (`pksim run`, or `pksim
compare` for a lesson with variants; teaching.md's in any lesson's
report), as the report prints it ("77.09%"), or be one of the hand
calculations below, recomputed here from the numbers beside it in the
lesson (the seed's plan share, a standard deviation, and the ratios of
the run's counts that give its shares). A figure that is neither fails:
a header left behind when the run changed, as lesson 3's was. Exit 1 on
any failure, each printed.
"""
import glob
import json
import math
import os
import re
import subprocess
import sys

FIGURE = re.compile(r"(\d+\.\d\d) ?%")

# Figures worked out by hand in a lesson's text, not read off the run:
# figure -> (the arithmetic, its value in percent).
HAND = {
    # lesson 3: the seed's 7,360 of 9,560 writes a year on buero-nord
    "76.99": ("7,360 / 9,560", 100.0 * 7360 / 9560),
    # lesson 3: one standard deviation of a 77 % share drawn 8,654 times
    "0.45": ("sqrt(0.77 x 0.23 / 8,654)",
             100.0 * math.sqrt(0.77 * 0.23 / 8654)),
}

# Counts of the run a lesson quotes beside the share they give: (lesson,
# numerator, denominator, the share as quoted), each count (variant,
# field of the JSON report). The counts are read from the run's JSON and
# must be quoted in the lesson as they are ("6,671"), their ratio must
# be the share.
RATIOS = [
    # buero-nord's stored items of all items (one per logical partition
    # under /id)
    ("03-three-offices.yaml", ("office", "hot_logical_partitions.0.items"),
     ("id", "totals.logical_partitions"), "77.09"),
    # buero-nord's requests of all operations
    ("03-three-offices.yaml",
     ("office", "hot_logical_partitions.0.requests"),
     ("office", "totals.operations"), "74.90"),
]


def field(doc, variant, path):
    v = [x for x in doc["variants"] if x["name"] == variant][0]
    for part in path.split("."):
        v = v[int(part)] if part.isdigit() else v[part]
    return v


def check_ratios(pksim, src, reports, fails):
    for base, num, den, fig in RATIOS:
        path = os.path.join(src, "scenarios", "lessons", base)
        doc = json.loads(subprocess.run(
            [pksim, "compare", path, "--quiet", "--format", "json"],
            capture_output=True, text=True, check=True).stdout)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        a, b = field(doc, *num), field(doc, *den)
        for count in (a, b):
            if "{:,}".format(count) not in text:
                fails.append("%s: the run's %s is not quoted" %
                             (base, "{:,}".format(count)))
        if "%.2f" % (100.0 * a / b) != fig:
            fails.append("%s: %d / %d = %.4f %%, not %s %%" %
                         (base, a, b, 100.0 * a / b, fig))
        if fig + "%" not in reports[base]:
            fails.append("%s: the run does not say %s%%" % (base, fig))


def report(pksim, path):
    """The text report of the lesson's run: compare when it has
    variants (its "What to run" command), else run."""
    for cmd in ("compare", "run"):
        p = subprocess.run([pksim, cmd, path, "--quiet"],
                           capture_output=True, text=True)
        if p.returncode == 0 and (cmd == "run" or "ranking" in p.stdout):
            return p.stdout
    raise SystemExit("%s: the lesson does not run: %s" % (path, p.stderr))


def main():
    pksim, src = sys.argv[1], sys.argv[2]
    fails = []
    lessons = sorted(glob.glob(os.path.join(src, "scenarios", "lessons",
                                            "*.yaml")))
    if not lessons:
        fails.append("no lessons in scenarios/lessons")
    reports = {}
    for path in lessons:
        reports[os.path.basename(path)] = report(pksim, path)

    def check(where, text, outs):
        n = 0
        for m in FIGURE.finditer(text):
            fig = m.group(1)
            n += 1
            if fig in HAND:
                how, value = HAND[fig]
                if "%.2f" % value != fig:
                    fails.append("%s: %s %% = %s is %.4f %%" %
                                 (where, fig, how, value))
            elif not any(fig + "%" in o for o in outs):
                fails.append("%s: %s %% is quoted but the run does not "
                             "say it" % (where, fig))
        return n

    quoted = 0
    for path in lessons:
        base = os.path.basename(path)
        with open(path, encoding="utf-8") as f:
            quoted += check("scenarios/lessons/" + base, f.read(),
                            [reports[base]])
    with open(os.path.join(src, "docs", "teaching.md"),
              encoding="utf-8") as f:
        quoted += check("docs/teaching.md", f.read(),
                        list(reports.values()))
    check_ratios(pksim, src, reports, fails)
    # lesson 3 quotes its figures: a test that found none checks nothing
    if quoted < 5:
        fails.append("only %d figures found: the pattern missed them" %
                     quoted)
    for f in fails:
        print("lesson_figures: " + f)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
