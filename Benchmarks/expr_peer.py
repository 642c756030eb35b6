#!/usr/bin/env python3
"""Peer comparison for `flint expr --batch`: the CEL C++ runtime driven from Python.

  expr_peer.py generate N          writes N JSONL lines {"id", "expr", "bindings"} to stdout
  expr_peer.py cel FILE            evaluates FILE with cel-expr-python, one JSON line per input

The generated expressions use only the part of the language that rules and CEL share
(arithmetic, comparisons, &&, ||, !, ternary, `in`, size(), map access), so both tools do
the same work. Timing is end to end (process start, parse, evaluate, print); see compare.sh.
"""
import json
import random
import sys

TEMPLATES = [
    "request.auth.uid == resource.data.owner",
    "request.auth.uid == resource.data.owner && resource.data.count < {n}",
    "resource.data.count + {n} > {m} || request.auth.uid == 'admin'",
    "'{tag}' in resource.data.tags && resource.data.title.size() < {m}",
    "resource.data.count * 2 - {n} >= 0 ? resource.data.published : false",
    "!(resource.data.published) || resource.data.count % 3 == {k}",
    "resource.data.title.size() > {k} && resource.data.count <= {m} && request.auth.uid != ''",
]


def generate(count):
    rng = random.Random(42)
    out = sys.stdout
    for i in range(count):
        template = TEMPLATES[i % len(TEMPLATES)]
        expr = template.format(n=rng.randint(0, 100), m=rng.randint(0, 200), k=rng.randint(0, 2),
                               tag=rng.choice(["a", "b", "c"]))
        uid = rng.choice(["alice", "bob", "admin"])
        bindings = {
            "request": {"auth": {"uid": uid}},
            "resource": {"data": {
                "owner": rng.choice(["alice", "bob"]),
                "count": rng.randint(0, 100),
                "tags": rng.sample(["a", "b", "c", "d"], 2),
                "title": "t" * rng.randint(0, 20),
                "published": rng.random() < 0.5,
            }},
        }
        out.write(json.dumps({"id": str(i), "expr": expr, "bindings": bindings}) + "\n")


def run_cel(path):
    from cel_expr_python import cel

    env = cel.NewEnv(variables={"request": cel.Type.DYN, "resource": cel.Type.DYN})
    cache = {}
    out = sys.stdout
    with open(path) as handle:
        for line in handle:
            item = json.loads(line)
            expr = item["expr"]
            compiled = cache.get(expr)
            if compiled is None:
                compiled = cache[expr] = env.compile(expr)
            try:
                value = compiled.eval(data=item["bindings"]).value()
                result = {"bool": value} if isinstance(value, bool) else {"value": repr(value)}
            except Exception as error:  # an evaluation error is a result, as in flint
                result = {"error": str(error)}
            out.write(json.dumps({"id": item["id"], **result}) + "\n")


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "generate":
        generate(int(sys.argv[2]))
    elif len(sys.argv) == 3 and sys.argv[1] == "cel":
        run_cel(sys.argv[2])
    else:
        sys.exit(__doc__)
