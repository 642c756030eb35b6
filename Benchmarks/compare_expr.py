#!/usr/bin/env python3
"""`flint expr --batch` against the CEL C++ runtime driven from Python, on the same lines.

Usage: python3 Benchmarks/compare_expr.py [LINES] [FLINT]
Needs a release build of flint (make bench builds one) and installs cel-expr-python into
Benchmarks/.venv on first use. Prints one JSON line with both times (best of 3, end to end)
and their ratio. Both outputs are checked to agree on every boolean result.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
VENV = os.path.join(HERE, ".venv")
PEER = os.path.join(HERE, "expr_peer.py")


def ensure_venv():
    python = os.path.join(VENV, "bin", "python")
    probe = subprocess.run([python, "-c", "import cel_expr_python"], capture_output=True) if os.path.exists(python) else None
    if probe is None or probe.returncode != 0:
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
        subprocess.run([os.path.join(VENV, "bin", "pip"), "install", "-q", "cel-expr-python"], check=True)
    return python


def best_of_three(command):
    best, output = None, None
    for _ in range(3):
        start = time.perf_counter()
        result = subprocess.run(command, capture_output=True, check=True)
        elapsed = time.perf_counter() - start
        if best is None or elapsed < best:
            best, output = elapsed, result.stdout
    return best, output


def booleans(output):
    values = {}
    for line in output.decode().splitlines():
        item = json.loads(line)
        value = item.get("bool", item.get("value", {}).get("bool") if isinstance(item.get("value"), dict) else None)
        values[item["id"]] = value
    return values


def main():
    lines = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    flint = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, ".build", "release", "flint")
    python = ensure_venv()
    with tempfile.TemporaryDirectory() as work:
        path = os.path.join(work, "exprs.jsonl")
        with open(path, "w") as handle:
            subprocess.run([sys.executable, PEER, "generate", str(lines)], stdout=handle, check=True)
        flint_seconds, flint_out = best_of_three([flint, "expr", "--batch", path])
        cel_seconds, cel_out = best_of_three([python, PEER, "cel", path])
    ours, theirs = booleans(flint_out), booleans(cel_out)
    disagreements = sum(1 for key, value in theirs.items() if ours.get(key) != value)
    print(json.dumps({
        "bench": "expr-batch-vs-cel-python", "lines": lines,
        "flint_seconds": round(flint_seconds, 3), "cel_python_seconds": round(cel_seconds, 3),
        "ratio": round(cel_seconds / flint_seconds, 2), "disagreements": disagreements,
    }))


if __name__ == "__main__":
    main()
