#!/usr/bin/env python3
"""web-lessons: the shipped lessons as a script for the web page.

Usage: web-lessons.py SOURCE_DIR > lessons.js

Writes `var PKSIM_FILES = {path: text}` (every scenarios/lessons/*.yaml
and the scenarios they name with `scenario:`, by their paths in the
source tree) and `var PKSIM_LESSONS = [path, ...]` (the lessons, in
order): a page opened from file:// cannot fetch files, so they come in
a script.
"""
import glob
import json
import os
import re
import sys


def main():
    src = sys.argv[1]
    files, lessons = {}, []
    for path in sorted(glob.glob(os.path.join(src, "scenarios", "lessons",
                                              "*.yaml"))):
        rel = os.path.relpath(path, src)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        files[rel] = text
        lessons.append(rel)
        m = re.search(r"^scenario:\s*(\S+)\s*$", text, re.M)
        if m:
            named = os.path.normpath(os.path.join(os.path.dirname(rel),
                                                  m.group(1)))
            with open(os.path.join(src, named), encoding="utf-8") as f:
                files[named] = f.read()
    sys.stdout.write("var PKSIM_FILES = %s;\nvar PKSIM_LESSONS = %s;\n" %
                     (json.dumps(files, indent=0, sort_keys=True),
                      json.dumps(lessons)))


if __name__ == "__main__":
    main()
