// flint-bench: throughput figures as JSON lines. Filled in per benchmark.
print("{\"bench\": \"none\"}")
