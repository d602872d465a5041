#!/usr/bin/env python3
"""advice: no finding advises a remedy it did not replay.

Every string template of the findings (src/report/findings*.c, adjacent
literals joined as C joins them) that names a remedy (raise, increase,
redistribute, merge, autoscale, priority, bucket) in the mood of advice
(help, would, should, could, consider, try, recommend, candidate,
instead, "raise the", "a raise", "more RU/s", "move the", "set the")
fails the test: a remedy's effect is printed by the remedies section
(src/report/remedies.c), from its replays, never guessed by a finding.
KNOWN lists the templates still allowed, each with why.

Usage: tests/advice.py SOURCE_ROOT [FILE...]  (files: check these instead)
"""
import glob
import os
import re
import sys

WORDS = re.compile(r"\b(rais\w*|increas\w*|redistribut\w*|merg\w*|"
                   r"autoscal\w*|priorit\w*|bucket\w*)\b", re.I)
MOOD = re.compile(r"\b(help\w*|would|should|could|consider|try|"
                  r"recommend\w*|candidate|instead)\b|raise the|a raise|"
                  r"more RU/s|move the|set the", re.I)
# Templates still allowed (a substring of the joined template), with why.
KNOWN = {
    "merge candidate: %s physical partitions where":
        "rule 32's name for Microsoft's tooling flag, printed only where "
        "rule 36 holds too (result/merge_fit.c); the remedies replay that "
        "merge (at the start of the first phase after the container's "
        "last change, result/remedy_merge.c) and the finding says so, or "
        "says that pksim did not replay it and why "
        "(tests/check_remedies.c, merge_after_*)",
    "the merge docs would suit it at %s RU/s a":
        "the same merge candidate finding, for a monitor log without "
        "item sizes (rule 36's storage condition unknown)",
}

LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
BETWEEN = re.compile(r'^(\s|/\*.*?\*/)*$', re.S)


def templates(text):
    """Each run of adjacent string literals, joined."""
    out, cur, end = [], None, None
    for m in LITERAL.finditer(text):
        if cur is not None and BETWEEN.match(text[end:m.start()]):
            cur += m.group(1)
        else:
            if cur is not None:
                out.append(cur)
            cur = m.group(1)
        end = m.end()
    if cur is not None:
        out.append(cur)
    return out


def main():
    root = sys.argv[1]
    files = sys.argv[2:] or sorted(
        glob.glob(os.path.join(root, "src/report/findings*.c")))
    bad = 0
    for f in files:
        with open(f, encoding="utf-8") as fh:
            text = fh.read()
        # comments are no templates
        text = re.sub(r"/\*.*?\*/", lambda m: " " * len(m.group(0)), text,
                      flags=re.S)
        for t in templates(text):
            if not (WORDS.search(t) and MOOD.search(t)):
                continue
            if any(k in t for k in KNOWN):
                continue
            print(f"advice: {os.path.relpath(f, root)}: a finding advises "
                  f"a remedy without a replay: \"{t}\"")
            bad += 1
    if bad:
        print("advice: say what was measured; a remedy's effect belongs "
              "in the remedies section, from its replays")
        return 1
    print(f"advice: {len(files)} files, no unreplayed advice")
    return 0


if __name__ == "__main__":
    sys.exit(main())
