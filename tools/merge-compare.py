#!/usr/bin/env python3
"""Merge the JSON reports of `pksim compare ... --variant NAME --format json`
runs of one workload into the report one `pksim compare --format json`
of all their variants gives (issue 13 section 5).

Usage: python3 tools/merge-compare.py A.json B.json ... > merged.json

Each file is a compare's JSON report of one or more variants (--variant
may be given several times). The runs must be of one workload: the same
scenario name, seed and workload fingerprint (scenario.fingerprint, a
hash of the scenario or data file's bytes and the options that shape
the workload, docs/report-json.md); each variant may appear once. The
variants are kept in the order the files are given (give them in the
scenario's order to get a compare's report byte for byte). The figures
of a compare that depend on more than one variant are computed again
here, by the rules and in the words of src/report/scorecard.c's
rank_cards (keep the two in step; tests/sweep.sh checks a merge against
one compare, byte for byte, with a rank decided by 429s):
  - scenario.duration_s: the largest of the runs' (the run ends when its
    last variant's last second closes);
  - scorecard.rank, .tied and .reason: variants ordered by six figures in
    turn (failed share, 429s per operation, RU of the operations, hottest
    range's share of RU, hottest logical partition's share of RU, peak
    normalized RU), each with its tolerance, then by name; neighbours
    equal on every figure share a rank.
Everything else in a variant's report depends on that variant alone.
One seed per run (not a compare over several seeds).
Bad input (not JSON, not a compare's JSON report, runs of different
workloads, a variant given twice) is an error on stderr and exit 2.
"""
import json
import math
import sys

USAGE = __doc__


class Refused(Exception):
    """An input the merge cannot take: said on stderr, exit 2."""


def ratio(a, b):
    return a / b if b > 0 else 0.0


# scorecard.h: PK_RANK_TOL_FAILED, _TOL_REL, _TOL_SHARE, _429_HEALTHY
TOL_FAILED, TOL_REL, TOL_SHARE, HEALTHY_429 = 0.001, 0.01, 0.01, 0.01
NAMES = ["operations failed or refused", "429s per operation",
         "RU of the operations", "hottest range's share of RU",
         "hottest logical partition's share of RU",
         "peak normalized RU consumption"]
FAILED, R429, RU, RANGE, LP = 0, 1, 2, 3, 4
REASON_BYTES = 511  # scorecard.h: char reason[512]


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
    if f in (R429, RU):
        return TOL_REL * big
    return TOL_SHARE


def figure_cmp(a, b, f):
    x, y = figure(a, f), figure(b, f)
    if f == R429 and max(x, y) < HEALTHY_429:
        return 0  # both rates healthy: retried 429s do not decide
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
    if f == R429:  # the rate the label names, then the count behind it
        return "%.4f (%s)" % (figure(v, f),
                              thousands(v["scorecard"]["throttled_429"]))
    return "%.1f%%" % (100.0 * figure(v, f))


def name_key(v):
    return v["name"].encode()


def cap(text):
    b = text.encode()
    return b[:REASON_BYTES].decode(errors="ignore")


def reason_of(a, b, tied):
    """scorecard.c rank_cards: why a is ahead of b."""
    _, f = cmp_cards(a, b)
    reason = "%sahead of %s on %s: %s vs %s" % (
        "tied with its group; " if tied else "", b["name"], NAMES[f],
        figure_text(a, f), figure_text(b, f))
    fa = a["scorecard"]["failed_after_retries"]
    fb = b["scorecard"]["failed_after_retries"]
    if f in (RANGE, LP) and (fa > 0 or fb > 0):
        reason += ("; shares of the RU served, and operations failed "
                   "after retries (%s: %s, %s: %s): which were served "
                   "follows pksim's retry order, an ASSUMPTION, not the "
                   "key alone" % (a["name"], thousands(fa), b["name"],
                                  thousands(fb)))
    elif f < RU and figure_cmp(a, b, RU) != 0:
        reason += "; RU of the operations %s vs %s" % (
            figure_text(a, RU), figure_text(b, RU))
    return cap(reason)


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
        cards[i]["reason"] = reason_of(order[i], order[j], cards[i]["tied"])


def check(name, r):
    """r is a compare's JSON report, or Refused says what it is."""
    if not isinstance(r, dict) or "pksim_report" not in r:
        raise Refused("%s: not a pksim JSON report (give the output of "
                      "`pksim compare ... --format json`)" % name)
    vs = r.get("variants")
    if not isinstance(vs, list) or not vs or not all(
            isinstance(v, dict) and "scorecard" in v for v in vs):
        raise Refused("%s: a `pksim run` report (no scorecards): give "
                      "`pksim compare ... --format json` reports" % name)
    if "fingerprint" not in r.get("scenario", {}):
        raise Refused("%s: no scenario.fingerprint: made by a pksim "
                      "before it had one; run it again" % name)


def merge(named):
    """named: [(file name, report)]; the merged report."""
    if not named:
        raise Refused("give at least one report; see --help")
    for name, r in named:
        check(name, r)
    first, out0 = named[0]
    sc0 = out0["scenario"]
    for name, r in named[1:]:
        sc = r["scenario"]
        for key, what in (("name", "scenarios"), ("seed", "seeds"),
                          ("fingerprint", "workloads")):
            if sc[key] != sc0[key]:
                raise Refused(
                    "%s and %s: runs of different %s (%s %s vs %s): a "
                    "merge ranks variants offered the same operations; "
                    "run every variant with the same scenario file, "
                    "options and seed" % (first, name, what, key,
                                          json.dumps(sc0[key]),
                                          json.dumps(sc[key])))
    seen = {}
    for name, r in named:
        for v in r["variants"]:
            if v["name"] in seen:
                raise Refused("variant '%s' is in %s and in %s: give each "
                              "variant once" % (v["name"], seen[v["name"]],
                                                name))
            seen[v["name"]] = name
    out = dict(out0)
    out["scenario"] = dict(sc0)
    out["scenario"]["duration_s"] = max(r["scenario"]["duration_s"]
                                        for _, r in named)
    out["variants"] = [v for _, r in named for v in r["variants"]]
    rank(out["variants"])
    return out


def real(x):
    """x as jansson writes it with JSON_REAL_PRECISION(16)
    (report_json.c): "%.16g", ".0" when it would read as an integer, no
    '+' or leading zeros in the exponent."""
    s = "%.16g" % x
    if "." not in s and "e" not in s:
        s += ".0"
    if "e" in s:
        m, e = s.split("e")
        sign = "-" if e.startswith("-") else ""
        s = "%se%s%s" % (m, sign, e.lstrip("+-").lstrip("0") or "0")
    return s


ESC = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\f": "\\f", "\n": "\\n",
       "\r": "\\r", "\t": "\\t"}


def string(s):
    """s as jansson escapes it (UTF-8 as is)."""
    return '"' + "".join(ESC.get(c, "\\u%04X" % ord(c) if ord(c) < 0x20
                                 else c) for c in s) + '"'


def dump(x, depth=0):
    """x as jansson's json_dumpf with JSON_INDENT(2) lays it out."""
    pad, inner = "  " * depth, "  " * (depth + 1)
    if isinstance(x, dict):
        if not x:
            return "{}"
        return "{\n" + ",\n".join(
            "%s%s: %s" % (inner, string(k), dump(v, depth + 1))
            for k, v in x.items()) + "\n" + pad + "}"
    if isinstance(x, list):
        if not x:
            return "[]"
        return "[\n" + ",\n".join(inner + dump(v, depth + 1)
                                  for v in x) + "\n" + pad + "]"
    if x is True:
        return "true"
    if x is False:
        return "false"
    if x is None:
        return "null"
    if isinstance(x, float):
        return real(x)
    if isinstance(x, int):
        return str(x)
    return string(x)


def load(name):
    try:
        with open(name, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        print("merge-compare: %s: cannot read: %s" % (name, e.strerror),
              file=sys.stderr)
        sys.exit(1)
    except (ValueError, UnicodeDecodeError) as e:
        raise Refused("%s: not JSON (%s): give the output of `pksim "
                      "compare ... --format json`" % (name, e))


def main(argv):
    if any(a in ("-h", "--help") for a in argv[1:]):
        sys.stdout.write(USAGE)
        return 0
    try:
        named = [(name, load(name)) for name in argv[1:]]
        merged = merge(named)
    except Refused as e:
        print("merge-compare: error: %s" % e, file=sys.stderr)
        return 2
    sys.stdout.write(dump(merged) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
