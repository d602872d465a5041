#!/usr/bin/env python3
"""browser_check: checks one HTML report as headless Chromium loaded it.

Usage: browser_check.py KIND DOM PNG STDERR RANGES
  KIND    run or compare
  DOM     the page's DOM as Chromium dumped it (--dump-dom)
  PNG     Chromium's screenshot of it
  STDERR  Chromium's log (--enable-logging=stderr --v=0)
  RANGES  the number of partition key ranges at the end of each variant,
          comma-separated, from the JSON report of the same run

Checks: no console message in the log; every section of the page; the
legend with its 0 % and 100 % labels; per heat map, data-columns columns,
each holding one band per range (distinct data-range values, each with
a <title>) that tile the plot from top to bottom, and in the last column
as many bands as the variant has ranges at the end; no reference to
anything outside the page; the screenshot not blank (standard deviation
of its grey levels above PIXEL_STDDEV). Prints each failure; exit 1 on
any, 0 when all hold.
"""
import sys
from html.parser import HTMLParser

SECTIONS = {
    "run": ["summary", "heatmap", "ru-share", "storage", "hot-lps",
            "timeline", "queries"],
    "compare": ["scorecard", "ranking", "heatmap"],
}
# A white page with a line of text has a grey-level standard deviation
# of about 5; a report with a heat map, well above 30.
PIXEL_STDDEV = 20.0
# Plot area of a heat map (heatsvg.h: MT = 22, PK_HEATSVG_H = 240)
PLOT_TOP, PLOT_BOTTOM = 22.0, 262.0


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack = []
        self.sections = []
        self.legends = []
        self.maps = []        # [{"columns": n, "cols": [[band...]]}]
        self.texts = []       # text inside svg.legend
        self.external = []
        self.in_legend = 0
        self.band = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = (a.get("class") or "").split()
        self.stack.append((tag, cls))
        for k in ("src", "href"):
            if k in a and not (a[k] or "").startswith(("#", "url(#")):
                self.external.append("%s %s=%s" % (tag, k, a[k]))
        if tag == "link" or (tag == "script" and "src" in a):
            self.external.append(tag)
        if tag == "section":
            self.sections.append(cls[0] if cls else "")
        elif tag == "svg" and "legend" in cls:
            self.legends.append(True)
            self.in_legend = len(self.stack)
        elif tag == "svg" and "heatmap" in cls:
            self.maps.append({"columns": int(a.get("data-columns", -1)),
                              "cols": []})
        elif tag == "g" and "col" in cls and self.maps:
            self.maps[-1]["cols"].append([])
        elif tag == "rect" and "band" in cls and self.maps:
            self.band = {"range": a.get("data-range"),
                         "y": float(a["y"]), "h": float(a["height"]),
                         "title": False}
            self.maps[-1]["cols"][-1].append(self.band)
        elif tag == "title" and self.band is not None:
            self.band["title"] = True

    def handle_endtag(self, tag):
        while self.stack:
            t, cls = self.stack.pop()
            if t == "svg" and self.in_legend > len(self.stack):
                self.in_legend = 0
            if t == "rect" and "band" in cls:
                self.band = None
            if t == tag:
                break

    def handle_data(self, data):
        if self.in_legend:
            self.texts.append(data.strip())


def check(kind, dom, png, log, ranges):
    bad = []
    for line in log.splitlines():
        if ":CONSOLE" in line:
            bad.append("console message: " + line)
    p = Page()
    p.feed(dom)
    for s in SECTIONS[kind]:
        if s not in p.sections:
            bad.append("section %s missing" % s)
    if not p.legends:
        bad.append("no legend")
    for lab in ("0 %", "100 %"):
        if lab not in p.texts:
            bad.append("legend lacks the label %r" % lab)
    if p.external:
        bad.append("references outside the page: %s" % p.external[:3])
    if len(p.maps) != len(ranges):
        bad.append("%d heat maps, want %d" % (len(p.maps), len(ranges)))
    for m, want_end in zip(p.maps, ranges):
        cols = m["cols"]
        if m["columns"] != len(cols) or not cols:
            bad.append("heat map: %d columns drawn, data-columns %d"
                       % (len(cols), m["columns"]))
            continue
        for i, col in enumerate(cols):
            ids = [b["range"] for b in col]
            if not col or len(set(ids)) != len(ids):
                bad.append("column %d: bands %s, want one per range"
                           % (i, ids))
                break
            if not all(b["title"] for b in col):
                bad.append("column %d: a band without <title>" % i)
                break
            y = PLOT_TOP
            for k, b in enumerate(col):
                if abs(b["y"] - y) > 0.02:
                    bad.append("column %d: band of range %s at y %.2f, "
                               "want %.2f (bands must tile the key space)"
                               % (i, b["range"], b["y"], y))
                    break
                # every band but the last overlaps the next by 0.6
                y = b["y"] + b["h"] - (0.6 if k + 1 < len(col) else 0)
            else:
                if abs(y - PLOT_BOTTOM) > 0.02:
                    bad.append("column %d: bands end at %.2f, want %.2f"
                               % (i, y, PLOT_BOTTOM))
            if bad:
                break
        if len(cols[-1]) != want_end:
            bad.append("last column: %d bands, the run ends with %d ranges"
                       % (len(cols[-1]), want_end))
    from PIL import Image, ImageStat
    im = Image.open(png).convert("L")
    sd = ImageStat.Stat(im).stddev[0]
    if sd <= PIXEL_STDDEV:
        bad.append("screenshot nearly blank: grey stddev %.1f <= %.1f"
                   % (sd, PIXEL_STDDEV))
    return bad


def main():
    kind, dom, png, log, ranges = sys.argv[1:6]
    with open(dom, encoding="utf-8") as f:
        d = f.read()
    with open(log, encoding="utf-8", errors="replace") as f:
        lg = f.read()
    bad = check(kind, d, png, lg, [int(x) for x in ranges.split(",")])
    for b in bad:
        print("FAIL: %s: %s" % (dom, b))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
