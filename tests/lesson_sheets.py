#!/usr/bin/env python3
"""lesson_sheets: `pksim lesson` writes every shipped lesson's worksheet
and solutions, in Markdown and HTML, and refuses what it cannot do.

Usage: lesson_sheets.py PKSIM SOURCE_DIR

For each scenarios/lessons/*.yaml (its lesson: block read here with
python3-yaml, and the lesson named by scenario: followed for its
expect:):
  --worksheet   exit 0; the goal, look_at and every question are in it,
                no answer is, and nothing was run (no claims table);
  --solutions   exit 0; every answer is in it, and the claims table has
                one row per expect: item of the scenario and the lesson,
                each holding ("yes"), as `pksim check` says they do;
in both formats, the text compared with the format's escaping undone.
Under the sanitizers (tools/test's asan stage, which sets
CK_EXCLUDE_TAGS=plain_only) lessons 2 and 4 are left out, as
check_expect leaves them out there: their solutions replay compare-iot
and synthetic-keys (scenario:), nine tenths of this test's CPU, which
check_expect's `pksim check` replays under the sanitizers already, and a
lesson that names its scenario runs there in lesson 3 (compare-offices,
a short run); build/ checks every lesson.
Then the refusals (exit 2, a message, no output file): no --worksheet or
--solutions, both, an unknown --format, -o naming a format lesson does
not write or another than --format's, a scenario without lesson: (its
FILE:1:1), -o naming the lesson itself; -o w.HTML without --format
writes the HTML worksheet. Exit 1 on any failure,
each printed.
"""
import glob
import html
import os
import re
import subprocess
import sys
import tempfile

import yaml

fails = []


def fail(msg):
    fails.append(msg)


def sheet(pksim, path, *args):
    return subprocess.run([pksim, "lesson", path] + list(args),
                          capture_output=True, text=True)


def plain(text, fmt):
    """The sheet's text with the format's escaping undone and its
    whitespace folded, so the lesson's sentences can be found in it."""
    if fmt == "html":
        text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    else:
        text = re.sub(r"\\(.)", r"\1", text)
    return " ".join(text.split())


def fold(s):
    return " ".join(s.split())


def claims(path):
    """The expect: items a run of the lesson checks: the named
    scenario's, then the lesson's."""
    with open(path, encoding="utf-8") as f:
        doc = yaml.safe_load(f)
    n = len(doc.get("expect") or [])
    if "scenario" in doc:
        with open(os.path.join(os.path.dirname(path), doc["scenario"]),
                  encoding="utf-8") as f:
            n += len(yaml.safe_load(f).get("expect") or [])
    return doc["lesson"], n


def check_lesson(pksim, path):
    base = os.path.basename(path)
    lesson, n_claims = claims(path)
    for fmt in ("markdown", "html"):
        ws = sheet(pksim, path, "--worksheet", "--format", fmt)
        so = sheet(pksim, path, "--solutions", "--format", fmt)
        for kind, p in (("worksheet", ws), ("solutions", so)):
            if p.returncode != 0:
                fail("%s %s %s: exit %d: %s" % (base, kind, fmt,
                                                p.returncode, p.stderr))
        w, s = plain(ws.stdout, fmt), plain(so.stdout, fmt)
        for key in ("goal", "look_at"):
            for kind, t in (("worksheet", w), ("solutions", s)):
                if fold(lesson[key]) not in t:
                    fail("%s %s %s: no %s" % (base, kind, fmt, key))
        for q in lesson["questions"]:
            if fold(q["question"]) not in w or fold(q["question"]) not in s:
                fail("%s %s: question missing: %s" % (base, fmt,
                                                      q["question"]))
            if fold(str(q["answer"])) in w:
                fail("%s worksheet %s: gives an answer away: %s" %
                     (base, fmt, q["answer"]))
            if fold(str(q["answer"])) not in s:
                fail("%s solutions %s: answer missing: %s" %
                     (base, fmt, q["answer"]))
        if "What the run produced" in w:
            fail("%s worksheet %s: has the run's figures" % (base, fmt))
        if fmt == "html":
            rows = so.stdout.count("<tr><td>")
        else:  # less the header and the separator rows
            rows = so.stdout.count("\n| ") - 2
        held = so.stdout.count("</td><td>yes</td></tr>" if fmt == "html"
                               else " | yes |\n")
        if rows != n_claims or held != n_claims:
            fail("%s solutions %s: %d claim rows, %d holding; the lesson "
                 "has %d claims, all holding" % (base, fmt, rows, held,
                                                 n_claims))


def refused(pksim, args, want, what):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "sheet.md")
        a = [a.replace("OUT", out) for a in args]
        p = subprocess.run([pksim, "lesson"] + a + ["-o", out]
                           if "-o" not in a else [pksim, "lesson"] + a,
                           capture_output=True, text=True)
        if p.returncode != 2 or want not in p.stderr:
            fail("%s: exit %d, stderr %r; want 2 and %r" %
                 (what, p.returncode, p.stderr, want))
        if os.path.exists(out) or os.listdir(d):
            fail("%s: left a file behind" % what)


def check_refusals(pksim, src, lesson):
    refused(pksim, [lesson], "needs --worksheet (the student handout) "
            "or --solutions", "no kind")
    refused(pksim, [lesson, "--worksheet", "--solutions"],
            "give --worksheet or --solutions, not both", "both kinds")
    refused(pksim, [lesson, "--worksheet", "--format", "pdf"],
            "unknown format 'pdf'; allowed: markdown, html", "a format")
    refused(pksim, [lesson, "--worksheet", "-o", "OUT.json"],
            "names a json file but pksim lesson writes no json report",
            "-o naming a format lesson does not write")
    refused(pksim, [lesson, "--worksheet", "--format", "markdown", "-o",
                    "OUT.html"],
            "names an html file but --format markdown writes the "
            "markdown report; give --format html", "-o against --format")
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "w.HTML")
        p = sheet(pksim, lesson, "--worksheet", "-o", out)
        want = sheet(pksim, lesson, "--worksheet", "--format", "html")
        with open(out, encoding="utf-8") as f:
            got = f.read()
        if p.returncode != 0 or got != want.stdout:
            fail("-o w.HTML without --format: exit %d, not the html "
                 "worksheet" % p.returncode)
    plain_scenario = os.path.join(src, "scenarios", "storage-split.yaml")
    refused(pksim, [plain_scenario, "--worksheet"],
            plain_scenario + ":1:1: error: no lesson: block", "no lesson")
    with tempfile.TemporaryDirectory() as d:
        copy = os.path.join(d, "l.yaml")
        with open(lesson, encoding="utf-8") as f:
            body = f.read()
        with open(copy, "w", encoding="utf-8") as f:
            f.write(body)
        p = subprocess.run([pksim, "lesson", copy, "--solutions", "-o",
                            copy], capture_output=True, text=True)
        with open(copy, encoding="utf-8") as f:
            kept = f.read() == body
        if p.returncode != 2 or not kept:
            fail("-o the lesson itself: exit %d, lesson kept %s" %
                 (p.returncode, kept))


def main():
    pksim, src = sys.argv[1], sys.argv[2]
    lessons = sorted(glob.glob(os.path.join(src, "scenarios", "lessons",
                                            "*.yaml")))
    if len(lessons) < 5:
        fail("%d lessons found, the course has 5 files" % len(lessons))
    plain_only = "plain_only" in os.environ.get("CK_EXCLUDE_TAGS", "")
    for path in lessons:
        if plain_only and os.path.basename(path).startswith(("02-", "04-")):
            continue
        check_lesson(pksim, path)
    # a seed other than the scenario's is in the command to run
    p = sheet(pksim, lessons[0], "--solutions", "--seed", "10")
    if "--narrate --seed 10\n" not in p.stdout or \
            "## What the run produced (random seed 10, `--seed`)" not in p.stdout:
        fail("--seed 10: the command or the figures do not name it")
    check_refusals(pksim, src, lessons[0])
    for f in fails:
        print("lesson_sheets: " + f)
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
