#!/usr/bin/env python3
"""browser_check: checks one HTML report as headless Chromium loaded it.

Usage: browser_check.py KIND DOM PNG STDERR RANGES [WANT...]
       browser_check.py batch FILE
  KIND    run or compare
  DOM     the page's DOM as Chromium dumped it (--dump-dom)
  PNG     Chromium's screenshot of it
  STDERR  Chromium's log (--enable-logging=stderr --v=0)
  RANGES  the number of partition key ranges at the end of each variant,
          comma-separated, from the JSON report of the same run
  WANT    facts the caller derived by hand for this page, each NAME=VALUE:
            text=S        the page's text holds S
            bucket=N      the first heat map's columns are N s wide
            columns=N     ... and it has N columns
            changes=N     ... and N throughput-change lines
            midnights=N   ... and N midnight lines
            midnight-labels=A,B,...  ... labelled A, B, ... in order
            label=S       ... and a label S inside the map (a range gone
                          before the end)
            cap=S         the storage chart draws its cap as a line on
                          the scale, labelled S
            cap-above=S   ... as an arrow above the scale, labelled
                          "S, above this scale"

Checks: no console message in the log; every section of the page; the
legend with its 0 % and 100 % labels; per heat map, data-columns columns,
each holding one band per range (distinct data-range values, each with
a <title>) that tile the plot from top to bottom, and in the last column
as many bands as the variant has ranges at the end; a label inside the
map for every range gone before the end whose band is large enough; no
reference to anything outside the page; numbers of 1,000 and more with
thousands separators in the heat maps' hover texts and the actions and
queries tables; the actions table in time order; per line chart, labels
at its right edge at least LABEL_GAP apart; the storage chart's cap line
where its y ticks put the cap, or, with the cap above the scale, a cap
larger than the top tick; with the boxes tests/browser.sh's script
measured (<pre id="geom">), every svg text inside its svg and no two
labels above a heat map overlapping; the screenshot not blank (standard deviation
of its grey levels above PIXEL_STDDEV). Prints each failure; exit 1 on
any, 0 when all hold.
"""
import html
import json
import re
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
# Plot area of a heat map (heatsvg.c: MAP_MT = 38; heatsvg.h:
# PK_HEATSVG_H = 240)
PLOT_TOP, PLOT_BOTTOM = 38.0, 278.0
# Right edge of every plot (heatsvg_int.h ML = 44, PK_HEATSVG_W = 720)
PLOT_RIGHT = 764.0
# Labels at a chart's right edge are 11 px apart (heatsvg_chart.c
# LABEL_GAP), written with one decimal
LABEL_GAP = 10.9
# A range gone before the end is named inside its band when the band is
# at least 56 x 12 px (heatsvg.c INBAND_W, INBAND_H); checked with a
# margin for the 0.6 px overlap of drawn bands
INBAND_W, INBAND_H = 57.0, 13.0
# Layout slack of the geometry check, CSS px
GEOM_TOL = 0.5
UNITS = {"B": 1, "KiB": 2 ** 10, "MiB": 2 ** 20, "GiB": 2 ** 30,
         "TiB": 2 ** 40}
# A number of 4 digits or more without separators (dates taken out first)
BARE = re.compile(r"(?<![\d.,])\d{4,}")
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.stack = []
        self.sections = []
        self.legends = []
        # [{"columns": n, "bucket": s, "cols": [[band...]], "texts": [],
        #   "titles": [], "changes": n, "midnights": n}]
        self.maps = []
        self.charts = []      # [{"cls": [...], "texts": [], "lines": []}]
        self.texts = []       # text inside svg.legend
        self.external = []
        self.in_legend = 0
        self.band = None
        self.svg = None       # the map or chart being read
        self.text = None      # the <text> or <title> being read
        self.section = None
        self.rows = {}        # section class -> [[cell text...]]
        self.cell = None
        self.all_text = []

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
            self.section = cls[0] if cls else ""
        elif tag == "tr" and self.section:
            self.rows.setdefault(self.section, []).append([])
        elif tag in ("td", "th") and self.section in self.rows:
            self.cell = []
            self.rows[self.section][-1].append(self.cell)
        elif tag == "svg" and "legend" in cls:
            self.legends.append(True)
            self.in_legend = len(self.stack)
        elif tag == "svg" and "heatmap" in cls:
            self.svg = {"columns": int(a.get("data-columns", -1)),
                        "bucket": int(a.get("data-bucket-s", -1)),
                        "cols": [], "texts": [], "titles": [],
                        "changes": 0, "midnights": 0, "lines": []}
            self.maps.append(self.svg)
        elif tag == "svg" and "chart" in cls:
            self.svg = {"cls": cls, "texts": [], "titles": [],
                        "lines": [], "cols": []}
            self.charts.append(self.svg)
        elif tag == "g" and "col" in cls and self.maps:
            self.maps[-1]["cols"].append([])
        elif tag == "rect" and "band" in cls and self.maps:
            self.band = {"range": a.get("data-range"),
                         "x": float(a["x"]), "w": float(a["width"]),
                         "y": float(a["y"]), "h": float(a["height"]),
                         "title": False}
            self.maps[-1]["cols"][-1].append(self.band)
        elif tag == "title" and self.band is not None:
            self.band["title"] = True
        elif tag == "line" and self.svg is not None:
            if "change" in cls and "changes" in self.svg:
                self.svg["changes"] += 1
            if "midnight" in cls and "midnights" in self.svg:
                self.svg["midnights"] += 1
            self.svg["lines"].append({"cls": cls,
                                      "y": float(a.get("y1", "nan"))})
        if tag in ("text", "title") and self.svg is not None:
            self.text = {"tag": tag, "cls": cls, "s": "",
                         "parent": self.stack[-2][0],
                         "x": float(a.get("x", "nan")),
                         "y": float(a.get("y", "nan"))}
            self.svg["texts" if tag == "text" else "titles"].append(
                self.text)

    def handle_endtag(self, tag):
        while self.stack:
            t, cls = self.stack.pop()
            if t == "svg" and self.in_legend > len(self.stack):
                self.in_legend = 0
            if t == "svg":
                self.svg = None
            if t == "rect" and "band" in cls:
                self.band = None
            if t in ("text", "title"):
                self.text = None
            if t in ("td", "th"):
                self.cell = None
            if t == "section":
                self.section = None
            if t == tag:
                break

    def handle_data(self, data):
        self.all_text.append(data)
        if self.in_legend:
            self.texts.append(data.strip())
        if self.text is not None:
            self.text["s"] += data
        if self.cell is not None:
            self.cell.append(data)


def cell_text(c):
    return "".join(c).strip()


def check_numbers(p, bad):
    """Separators in hover texts and the actions and queries tables."""
    found = []
    for m in p.maps:
        # a band's or a marker's, not the map's own (the variant's name)
        found += [t["s"] for t in m["titles"]
                  if t["parent"] in ("rect", "line")]
    for sec in ("timeline", "queries"):
        for row in p.rows.get(sec, []):
            found += [cell_text(c) for c in row]
    for s in found:
        m = BARE.search(DATE.sub("", s))
        if m:
            bad.append("a number without separators: %r in %r"
                       % (m.group(0), s))
            return


def check_timeline(p, bad):
    """The actions table in time order (its first column "1,234 s")."""
    last = None
    for row in p.rows.get("timeline", []):
        t = cell_text(row[0]) if row else ""
        if not t.endswith(" s"):
            continue
        v = int(t[:-2].replace(",", ""))
        if last is not None and v < last:
            bad.append("actions table out of time order: %d s after %d s"
                       % (v, last))
            return
        last = v


def check_chart_labels(p, bad):
    """Labels at each chart's right edge never overlap."""
    for ch in p.charts:
        ys = sorted(t["y"] for t in ch["texts"]
                    if t["x"] > PLOT_RIGHT and
                    ({"rid", "reflab"} & set(t["cls"])))
        for a, b in zip(ys, ys[1:]):
            if b - a < LABEL_GAP:
                bad.append("%s chart: labels at y %.1f and %.1f overlap"
                           % (" ".join(ch["cls"]), a, b))
                break


def storage_cap(p, bad):
    """The storage chart's cap: ("line"|"above", label) or None."""
    for ch in p.charts:
        if "storage" not in ch["cls"]:
            continue
        title = [t["s"] for t in ch["texts"]
                 if t["s"].startswith("storage per range, ")]
        ticks = [(float(t["s"]), t["y"] - 4) for t in ch["texts"]
                 if "ytick" in t["cls"]]
        if not title or len(ticks) < 2:
            bad.append("storage chart: no unit or fewer than 2 y ticks")
            return None
        unit = UNITS.get(title[0].split(", ")[-1])
        (v0, y0), (v1, y1) = ticks[0], ticks[-1]
        if unit is None or not (v1 >= 1 and (v1 < 1024 or unit == 2 ** 40)):
            bad.append("storage chart: unit of %r does not fit its top "
                       "tick %g" % (title[0], v1))
        labs = [t["s"] for t in ch["texts"] if "reflab" in t["cls"]]
        lines = [ln["y"] for ln in ch["lines"] if "ref" in ln["cls"]]
        m = re.match(r"cap ([\d.]+) (\w+)(, above this scale)?$",
                     labs[0] if labs else "")
        if not m or m.group(2) not in UNITS:
            bad.append("storage chart: no cap label (%r)" % labs)
            return None
        cap = float(m.group(1)) * UNITS[m.group(2)]
        top = v1 * (unit or 1)
        if m.group(3):
            if cap <= top:
                bad.append("storage chart: cap %s said above a scale "
                           "reaching %g" % (m.group(0), top))
            return ("above", labs[0][:-len(m.group(3))])
        if len(lines) != 1:
            bad.append("storage chart: %d cap lines" % len(lines))
            return None
        want = y0 + (y1 - y0) * (cap / (unit or 1) - v0) / (v1 - v0)
        # the label has one decimal: allow its rounding
        tol = abs(y1 - y0) / (v1 - v0) * 0.05 * UNITS[m.group(2)] / (
            unit or 1) + 0.2
        if abs(lines[0] - want) > tol:
            bad.append("storage chart: cap line at y %.1f, its ticks put "
                       "%s at %.1f" % (lines[0], labs[0], want))
        return ("line", labs[0])
    bad.append("no storage chart")
    return None


def check_inband(m, bad):
    """A label inside the map for each range gone before the end."""
    cols = m["cols"]
    if not cols:
        return
    end = {b["range"] for b in cols[-1]}
    life = {}
    for col in cols:
        for b in col:
            x0, x1, h = life.get(b["range"], (b["x"], 0, 0))
            life[b["range"]] = (x0, b["x"] + b["w"], b["h"])
    labels = {t["s"] for t in m["texts"] if "inband" in t["cls"]}
    for r, (x0, x1, h) in sorted(life.items()):
        if r in end or x1 - x0 < INBAND_W or h < INBAND_H:
            continue
        if "range %s" % r not in labels:
            bad.append("heat map: range %s (gone before the end, %.0f x "
                       "%.0f px) has no label" % (r, x1 - x0, h))


def check_geometry(dom, bad):
    """Text drawn where the browser laid it out (tests/browser.sh adds a
    script that writes each svg's and each of its <text>s' client boxes
    into <pre id="geom">): every text inside its svg's box (nothing
    clipped or spilling onto a neighbour), and no two labels above a
    heat map (midnights, throughput changes) overlapping."""
    m = re.search(r'<pre id="geom"[^>]*>(.*?)</pre>', dom, re.S)
    if not m:
        return
    svgs = json.loads(html.unescape(m.group(1)))
    for k, sv in enumerate(svgs):
        x0, y0, x1, y1 = sv["box"]
        for cls, s, a, b, c, d in sv["texts"]:
            if c - a <= 0:
                continue
            if a < x0 - GEOM_TOL or c > x1 + GEOM_TOL or \
                    b < y0 - GEOM_TOL or d > y1 + GEOM_TOL:
                bad.append("svg %d (%s): text %r at x %.1f-%.1f, y "
                           "%.1f-%.1f outside its box x %.1f-%.1f, y "
                           "%.1f-%.1f" % (k, sv["cls"], s, a, c, b, d,
                                          x0, x1, y0, y1))
                return
        top = [t for t in sv["texts"]
               if set(t[0].split()) & {"midnight", "changelab"}]
        for i, p in enumerate(top):
            for q in top[:i]:
                if p[2] < q[4] - GEOM_TOL and q[2] < p[4] - GEOM_TOL and \
                        p[3] < q[5] - GEOM_TOL and q[3] < p[5] - GEOM_TOL:
                    bad.append("svg %d (%s): labels %r and %r overlap"
                               % (k, sv["cls"], q[1], p[1]))
                    return


def check(kind, dom, png, log, ranges, wants=()):
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
        check_inband(m, bad)
    check_numbers(p, bad)
    check_geometry(dom, bad)
    check_timeline(p, bad)
    check_chart_labels(p, bad)
    if kind == "run":
        storage_cap(p, bad)
    for w in wants:
        name, _, val = w.partition("=")
        m = p.maps[0] if p.maps else {}
        if name == "text":
            if val not in " ".join("".join(p.all_text).split()):
                bad.append("the page lacks the text %r" % val)
        elif name in ("bucket", "columns", "changes", "midnights"):
            key = {"bucket": "bucket", "columns": "columns",
                   "changes": "changes", "midnights": "midnights"}[name]
            if m.get(key) != int(val):
                bad.append("heat map: %s %s, want %s"
                           % (name, m.get(key), val))
        elif name == "midnight-labels":
            got = [t["s"] for t in m.get("texts", [])
                   if "midnight" in t["cls"]]
            if got != val.split(","):
                bad.append("heat map: midnight labels %s, want %s"
                           % (got, val.split(",")))
        elif name == "label":
            if val not in [t["s"] for t in m.get("texts", [])
                           if "inband" in t["cls"]]:
                bad.append("heat map: no label %r inside the map" % val)
        elif name in ("cap", "cap-above"):
            got = storage_cap(p, [])
            want = ("line" if name == "cap" else "above", val)
            if got != want:
                bad.append("storage chart: cap drawn as %s, want %s"
                           % (got, want))
        else:
            bad.append("unknown want %r" % w)
    from PIL import Image, ImageStat
    im = Image.open(png).convert("L")
    sd = ImageStat.Stat(im).stddev[0]
    if sd <= PIXEL_STDDEV:
        bad.append("screenshot nearly blank: grey stddev %.1f <= %.1f"
                   % (sd, PIXEL_STDDEV))
    return bad


def check_one(args):
    """One page: args are KIND DOM PNG STDERR RANGES [WANT...]; prints
    each failure, returns 1 when there is one, else 0."""
    kind, dom, png, log, ranges = args[0:5]
    with open(dom, encoding="utf-8") as f:
        d = f.read()
    with open(log, encoding="utf-8", errors="replace") as f:
        lg = f.read()
    bad = check(kind, d, png, lg, [int(x) for x in ranges.split(",")],
                args[5:])
    for b in bad:
        print("FAIL: %s: %s" % (dom, b))
    return 1 if bad else 0


def main():
    # batch FILE: one page a line, its arguments separated by tabs, all
    # checked in this one process (a python3 start with PIL is most of a
    # page's check); 1 when any page fails, each failure printed
    if sys.argv[1:2] == ["batch"]:
        with open(sys.argv[2], encoding="utf-8") as f:
            cases = [line.rstrip("\n").split("\t") for line in f if
                     line.strip()]
        return max([check_one(c) for c in cases] or [1])
    return check_one(sys.argv[1:])


if __name__ == "__main__":
    sys.exit(main())
