#!/usr/bin/env python3
"""Score `flint indexes --list-queries` against hand-listed queries of real apps.

Usage:
  Scripts/realapps-score.py --flint PATH --apps /work/apps --facts Corpus/realapps
      [--only APP,APP] [--all] [--details] [--timeout SECONDS] [--save DIR] [--reuse DIR]
      [--scope APP=DIR]
  Python 3 standard library only. Example (the baseline of issue 27):
    Scripts/realapps-score.py --flint .build/debug/flint --apps /work/apps \
        --facts Corpus/realapps --save /tmp/realapps --details

  --flint    the flint binary to measure (for example .build/debug/flint)
  --apps     a folder with one checked-out app per subfolder; the subfolder name is the
             facts file's name without .json (Corpus/realapps/splito.json -> APPS/splito)
  --facts    the folder of hand-listed facts (Corpus/realapps/*.json, see its README.md)
  --only     score only these apps (comma-separated names)
  --all      also run the app folders that have no facts file (listed, unresolved and time
             only; no recall or precision)
  --details  after the table, print every miss, every clause difference and every listed
             query that matches no hand-listed query, with file:line, for triage
  --timeout  seconds one app may take (default 600); a timed-out app scores 0 found
  --save DIR write each app's raw --list-queries JSON to DIR/<app>.json (its wall time to
             DIR/<app>.time, a failure to DIR/<app>.error)
  --reuse DIR  read what --save wrote instead of running flint
  --scope APP=DIR  run flint on the folder DIR of APP only (repeatable) and score only the facts
             under DIR; the app's name is then shown with a trailing "*" (a reader too slow on
             the whole app can still be scored on its data layer)

For each app it runs, in the app's folder, `flint indexes --list-queries --format json .`
and matches Flint's queries to the facts: a listed query matches a fact when it is in the same
file, its line is within 3 of the fact's `line` or `built` line, and it names the same
collection id (the last segment of the fact's path; a fact's "*" takes any) and scope (collection
or group); a query listed at a helper's call site also matches by the place in the helper it
names (`via`), so each call site of a helper whose query the facts list inside it is that
query (the first is a hit, the others the same query again). Among the candidates, one with
exactly the fact's filters (field and operator, in any order) and orders (field and direction, in order) is a hit; otherwise a candidate with other
clauses is a "clause difference", which counts as a miss and is reported. Each listed query
matches at most one fact; exact pairs are made first, nearest lines first. A listed query with
the same place and shape as a hit (variants that differ only in a limit or a cursor) is the same
query again: real, not counted as a second hit.

Columns:
  hand     hand-listed queries (facts)
  found    facts matched exactly (recall = found / hand)
  clause   facts matched only with a clause missing or different (counted as misses)
  listed   queries Flint listed (resolved ones; unresolved are counted apart)
  notreal  listed queries that match no fact (precision = 1 - notreal / listed); a listed
           query at the place of a fact marked "variants_open" (one of many flow variants of
           which the facts list a sample) is not counted as not real
  unres    unresolved-query entries Flint printed; "@real" how many sit at a fact's place
  time     wall time of the flint run, seconds
Exit status 0 (also when flint fails on an app: that app is reported as "error").
"""

import argparse
import json
import os
import subprocess
import sys
import time

LINE_SLACK = 3

OPERATOR_SPELLINGS = {
    "==": "==",
    "=": "==",
    "isequalto": "==",
    "equalto": "==",
    "!=": "!=",
    "isnotequalto": "!=",
    "<": "<",
    "islessthan": "<",
    "<=": "<=",
    "islessthanorequalto": "<=",
    ">": ">",
    "isgreaterthan": ">",
    ">=": ">=",
    "isgreaterthanorequalto": ">=",
    "array-contains": "array-contains",
    "arraycontains": "array-contains",
    "array-contains-any": "array-contains-any",
    "arraycontainsany": "array-contains-any",
    "in": "in",
    "whereIn": "in",
    "not-in": "not-in",
    "notin": "not-in",
}


def operator(text):
    key = text.strip()
    return OPERATOR_SPELLINGS.get(key, OPERATOR_SPELLINGS.get(key.lower().replace("_", ""), key))


def direction(text):
    return "desc" if text.strip().lower().startswith("desc") else "asc"


def collection_id(path):
    segments = [s for s in path.strip("/").split("/") if s]
    return segments[-1] if segments else ""


def clean_path(path):
    while path.startswith("./"):
        path = path[2:]
    return path


class Shape:
    """The comparable part of a query: collection id, scope, filters (a multiset), orders (a list)."""

    def __init__(self, collection, group, filters, orders):
        self.collection = collection
        self.group = group
        self.filters = sorted((f, operator(o)) for f, o in filters)
        self.orders = [(f, direction(d)) for f, d in orders]

    def same_clauses(self, other):
        return self.filters == other.filters and self.orders == other.orders

    def describe(self):
        parts = [("group " if self.group else "") + self.collection]
        parts += ["where %s %s" % f for f in self.filters]
        parts += ["orderBy %s %s" % o for o in self.orders]
        return " ".join(parts)

    def difference(self, listed):
        """What the listed query lacks or adds, compared to the fact."""
        notes = []
        missing = list(self.filters)
        extra = []
        for item in listed.filters:
            if item in missing:
                missing.remove(item)
            else:
                extra.append(item)
        if missing:
            notes.append("missing filter " + ", ".join("%s %s" % f for f in missing))
        if extra:
            notes.append("extra filter " + ", ".join("%s %s" % f for f in extra))
        if self.orders != listed.orders:
            notes.append(
                "orders %s instead of %s"
                % (
                    ", ".join("%s %s" % o for o in listed.orders) or "none",
                    ", ".join("%s %s" % o for o in self.orders) or "none",
                )
            )
        return "; ".join(notes)


def fact_shape(fact):
    return Shape(
        collection_id(fact["collection"]),
        bool(fact.get("group", False)),
        [tuple(f) for f in fact.get("filters", [])],
        [tuple(o) if len(o) == 2 else (o[0], "asc") for o in fact.get("orders", [])],
    )


def listed_shape(query):
    return Shape(
        query.get("collection", ""),
        query.get("scope", "collection") != "collection",
        [tuple(f) for f in query.get("filters", [])],
        [tuple(o) for o in query.get("orderBy", [])],
    )


def distance(fact, line):
    lines = [fact["line"]] + ([fact["built"]] if "built" in fact else [])
    return min(abs(line - at) for at in lines)


def near(fact, line):
    return distance(fact, line) <= LINE_SLACK


def run_flint(flint, folder, timeout, target="."):
    started = time.monotonic()
    try:
        done = subprocess.run(
            [flint, "indexes", "--list-queries", "--format", "json", target],
            cwd=folder,
            capture_output=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return None, "timeout after %ds" % timeout, time.monotonic() - started
    elapsed = time.monotonic() - started
    if done.returncode != 0:
        message = done.stderr.decode("utf-8", "replace").strip().splitlines()
        return None, "exit %d: %s" % (done.returncode, message[-1] if message else ""), elapsed
    try:
        return json.loads(done.stdout.decode("utf-8", "replace")), None, elapsed
    except ValueError as error:
        return None, "unreadable JSON: %s" % error, elapsed


def places(item):
    """Where a listed item is: its place, and the place in the helper it went through (`via`)."""
    found = [(clean_path(item.get("file", "")), int(item.get("line", 0)))]
    via = item.get("via")
    if isinstance(via, dict):
        for place in [via] + via.get("through", []):
            found.append((clean_path(place.get("file", "")), int(place.get("line", 0))))
    return found


def at_fact(fact, item_places):
    """Whether one of an item's places is the fact's: same file, within LINE_SLACK lines."""
    return any(file == fact["file"] and near(fact, line) for file, line in item_places)


def fact_distance(fact, item_places):
    return min(distance(fact, line) for file, line in item_places if file == fact["file"])


def score(facts, output):
    """Match listed queries to facts; return counts and the details for triage.

    A query listed at a helper's call site names the helper (`via`): it is at the fact's place
    when either its call site or its place in the helper is (facts list a helper's query inside
    the helper; every call site is the same query again).
    """
    listed = []
    for query in output.get("queries", []):
        listed.append((clean_path(query.get("file", "")), int(query.get("line", 0)), query))
    unresolved = [
        (clean_path(u.get("file", "")), int(u.get("line", 0)), u) for u in output.get("unresolved", [])
    ]
    listed_places = [places(q) for _, _, q in listed]
    unresolved_places = [places(u) for _, _, u in unresolved]
    used = [False] * len(listed)
    shapes = [listed_shape(q) for _, _, q in listed]
    result = {"hit": [], "clause": [], "miss": [], "notreal": [], "openvariant": 0}
    wanted = [(fact, fact_shape(fact)) for fact in facts]
    candidates = []
    for index, (fact, shape) in enumerate(wanted):
        options = []
        for j in range(len(listed)):
            if not at_fact(fact, listed_places[j]):
                continue
            if shape.collection != "*" and shapes[j].collection != shape.collection:
                continue
            if shapes[j].group != shape.group:
                continue
            options.append(j)
        candidates.append(options)
    matched = [None] * len(wanted)
    # Exact shapes first, so that a clause difference never takes a query another fact matches;
    # within a phase the nearest pairs go first (two facts of one shape a few lines apart).
    for exact in (True, False):
        pairs = []
        for index, (fact, shape) in enumerate(wanted):
            if matched[index] is not None:
                continue
            for j in candidates[index]:
                if exact == shape.same_clauses(shapes[j]):
                    pairs.append((fact_distance(fact, listed_places[j]), index, j))
        for _, index, j in sorted(pairs):
            if matched[index] is None and not used[j]:
                used[j] = True
                matched[index] = ("hit" if exact else "clause", j)
    for index, (fact, shape) in enumerate(wanted):
        if matched[index] is None:
            reason = ""
            at_place = [u for k, (_, _, u) in enumerate(unresolved) if at_fact(fact, unresolved_places[k])]
            if at_place:
                reason = "unresolved there: " + at_place[0].get("reason", "")
            else:
                others = [
                    shapes[j].describe()
                    for j in range(len(listed))
                    if at_fact(fact, listed_places[j])
                ]
                if others:
                    reason = "other queries listed there: " + "; ".join(others)
            result["miss"].append((fact, shape, reason))
        elif matched[index][0] == "hit":
            result["hit"].append(fact)
        else:
            j = matched[index][1]
            result["clause"].append((fact, shape, shape.difference(shapes[j])))
    for j, (file, line, query) in enumerate(listed):
        if used[j]:
            continue
        open_fact = any(
            fact.get("variants_open")
            and at_fact(fact, listed_places[j])
            and fact_shape(fact).collection in ("*", shapes[j].collection)
            for fact in facts
        )
        if open_fact:
            result["openvariant"] += 1
            continue
        # Variants that differ only in what the facts do not compare (a limit, a cursor) are
        # the same query listed twice: real, not counted again.
        same_as_hit = any(
            at_fact(fact, listed_places[j]) and fact_shape(fact).collection in ("*", shapes[j].collection)
            and fact_shape(fact).same_clauses(shapes[j])
            for fact in result["hit"]
        )
        if same_as_hit:
            result["openvariant"] += 1
            continue
        result["notreal"].append((file, line, query))
    real_places = 0
    for k in range(len(unresolved)):
        if any(at_fact(fact, unresolved_places[k]) for fact in facts):
            real_places += 1
    result["listed"] = len(listed)
    result["unresolved"] = len(unresolved)
    result["unresolved_real"] = real_places
    result["unresolved_items"] = unresolved
    return result


def percent(part, whole):
    return "%5.1f%%" % (100.0 * part / whole) if whole else "    -"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--flint", required=True)
    parser.add_argument("--apps", required=True)
    parser.add_argument("--facts", required=True)
    parser.add_argument("--only", default="")
    parser.add_argument("--all", action="store_true")
    parser.add_argument("--details", action="store_true")
    parser.add_argument("--timeout", type=int, default=600)
    parser.add_argument("--save", default="")
    parser.add_argument("--reuse", default="")
    parser.add_argument("--scope", action="append", default=[])
    options = parser.parse_args()

    facts_by_app = {}
    for name in sorted(os.listdir(options.facts)):
        if name.endswith(".json"):
            with open(os.path.join(options.facts, name)) as handle:
                facts_by_app[name[:-5]] = json.load(handle)
    apps = sorted(facts_by_app)
    if options.all:
        apps = sorted(set(apps) | {d for d in os.listdir(options.apps) if os.path.isdir(os.path.join(options.apps, d))})
    if options.only:
        wanted = set(options.only.split(","))
        apps = [a for a in apps if a in wanted]
    flint = os.path.abspath(options.flint)
    scopes = dict(item.split("=", 1) for item in options.scope)
    if options.save:
        os.makedirs(options.save, exist_ok=True)

    header = "%-18s %-6s %5s %5s %7s %6s %6s %7s %8s %6s %5s %8s" % (
        "app", "lang", "hand", "found", "recall", "clause", "listed", "notreal", "precis", "unres", "@real", "time",
    )
    print(header)
    print("-" * len(header))
    totals = dict(hand=0, found=0, clause=0, listed=0, notreal=0, unres=0, real=0, time=0.0)
    details = []
    for app in apps:
        folder = os.path.join(options.apps, app)
        facts = facts_by_app.get(app)
        target = scopes.get(app, ".")
        if facts and target != ".":
            prefix = clean_path(target).rstrip("/") + "/"
            facts = dict(facts, queries=[q for q in facts["queries"] if q["file"].startswith(prefix)])
        shown = app + ("*" if target != "." else "")
        language = (facts or {}).get("language", "")[:6]
        if not os.path.isdir(folder):
            print("%-18s %-6s missing folder %s" % (shown, language, folder))
            continue
        if options.reuse:
            saved = os.path.join(options.reuse, app + ".json")
            output, error, elapsed = None, "no saved output in " + options.reuse, None
            if os.path.exists(saved):
                with open(saved) as handle:
                    output, error = json.load(handle), None
            if os.path.exists(saved[:-5] + ".error"):
                with open(saved[:-5] + ".error") as handle:
                    error = handle.read().strip()
            if os.path.exists(saved[:-5] + ".time"):
                with open(saved[:-5] + ".time") as handle:
                    elapsed = float(handle.read())
        else:
            output, error, elapsed = run_flint(flint, folder, options.timeout, target)
        if options.save and not options.reuse:
            if output is not None:
                with open(os.path.join(options.save, app + ".json"), "w") as handle:
                    json.dump(output, handle, indent=1)
            else:
                with open(os.path.join(options.save, app + ".error"), "w") as handle:
                    handle.write(error + "\n")
            with open(os.path.join(options.save, app + ".time"), "w") as handle:
                handle.write("%.2f\n" % elapsed)
        shown_time = "%8.2f" % elapsed if elapsed is not None else "       -"
        hand = len(facts["queries"]) if facts else 0
        if output is None:
            print("%-18s %-6s %5s error: %s (%s s)" % (shown, language, hand or "-", error, shown_time.strip()))
            totals["hand"] += hand
            totals["time"] += elapsed or 0.0
            details.append((app, None, error))
            continue
        if not facts:
            listed = len(output.get("queries", []))
            unres = len(output.get("unresolved", []))
            print("%-18s %-6s %5s %5s %7s %6s %6d %7s %8s %6d %5s %s" % (shown, "", "-", "-", "-", "-", listed, "-", "-", unres, "-", shown_time))
            continue
        result = score(facts["queries"], output)
        found = len(result["hit"])
        print(
            "%-18s %-6s %5d %5d %7s %6d %6d %7d %8s %6d %5d %s"
            % (
                shown,
                language,
                hand,
                found,
                percent(found, hand),
                len(result["clause"]),
                result["listed"],
                len(result["notreal"]),
                percent(result["listed"] - len(result["notreal"]), result["listed"]),
                result["unresolved"],
                result["unresolved_real"],
                shown_time,
            )
        )
        totals["hand"] += hand
        totals["found"] += found
        totals["clause"] += len(result["clause"])
        totals["listed"] += result["listed"]
        totals["notreal"] += len(result["notreal"])
        totals["unres"] += result["unresolved"]
        totals["real"] += result["unresolved_real"]
        totals["time"] += elapsed or 0.0
        details.append((app, result, None))
    print("-" * len(header))
    print(
        "%-18s %-6s %5d %5d %7s %6d %6d %7d %8s %6d %5d %8.2f"
        % (
            "TOTAL",
            "",
            totals["hand"],
            totals["found"],
            percent(totals["found"], totals["hand"]),
            totals["clause"],
            totals["listed"],
            totals["notreal"],
            percent(totals["listed"] - totals["notreal"], totals["listed"]),
            totals["unres"],
            totals["real"],
            totals["time"],
        )
    )
    if not options.details:
        return 0
    for app, result, error in details:
        print("\n== %s" % app)
        if result is None:
            print("  error: %s" % error)
            continue
        for fact, shape, reason in result["miss"]:
            print("  MISS    %s:%d  %s%s" % (fact["file"], fact["line"], shape.describe(), ("  (" + reason + ")") if reason else ""))
        for fact, shape, difference in result["clause"]:
            print("  CLAUSE  %s:%d  %s  (%s)" % (fact["file"], fact["line"], shape.describe(), difference))
        for file, line, query in result["notreal"]:
            print("  NOTREAL %s:%d  %s" % (file, line, query.get("query", "")))
        for file, line, item in result["unresolved_items"]:
            print("  UNRES   %s:%d  %s: %s" % (file, line, item.get("reason", ""), item.get("text", "")[:100]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
