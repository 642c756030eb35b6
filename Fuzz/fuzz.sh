#!/usr/bin/env bash
# Runs each libFuzzer target of Fuzz/ for SECONDS seconds, one after the other, and prints
# one line per target: executions, coverage (edges and features), corpus size, crash.
# Usage: Fuzz/fuzz.sh SECONDS TARGET...   (run from the package root; see `make fuzz`)
#
# The fuzzers run at nice 19 so that compiles keep priority; a starved process can then pass
# libFuzzer's 2 s wall-clock timeout without any slow code. A timeout is therefore replayed
# once at normal priority: if the input finishes in time it is counted as spurious, dropped,
# and fuzzing resumes for the time left; if not, it is a real hang and is reported.
set -u
# AddressSanitizer keeps 256 MB of freed memory in quarantine by default; a smaller one keeps
# -rss_limit_mb=512 about Flint's memory rather than the sanitizer's.
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=64:detect_leaks=0}
# Swift's own backtracer reads the crashed stack in a way AddressSanitizer reports as an
# underflow; libFuzzer prints the stack already.
export SWIFT_BACKTRACE=enable=no
# LeakSanitizer misreads Swift enums that pack tag bits into pointers: the fixtures a harness
# builds once (kept by globals) are reported as leaked by the first input. Memory is bounded
# by -rss_limit_mb instead.
seconds=$1; shift
root=$(pwd)
bin=$root/Fuzz/.build/debug
work=$root/Fuzz/.work
status=0

# Seeds, from Corpus/: one file per input.
seed() {
  local target=$1 dir=$work/$1/seeds
  rm -rf "$dir"; mkdir -p "$dir"
  case $target in
    rules) find Corpus -name '*.rules' -exec cp {} "$dir/" \; ;;
    expr) split -l 1 -a 3 Corpus/expressions/seeds.txt "$dir/expr-" ;;
    suite)
      # The first byte picks the format: even for JSON, odd for YAML.
      for f in Corpus/suites/*.json; do { printf '0'; cat "$f"; } >"$dir/$(basename "$f")"; done
      for f in Corpus/suites/*.yaml; do { printf '1'; cat "$f"; } >"$dir/$(basename "$f")"; done ;;
    seed) cp Corpus/sample/data.json "$dir/sample.json"; cp Corpus/queries/data.json "$dir/queries.json"
      cp Corpus/suites/data/*.json "$dir/" ;;
    query) grep -h -E '^(db\.)?collection(Group)?\(' Corpus/queries/*.txt Corpus/proofs/*.txt 2>/dev/null \
      | split -l 1 -a 3 - "$dir/query-" ;;
    firebase) cp Corpus/sample/firebase.json "$dir/sample.json"
      printf '{"firestore": [{"database": "(default)", "rules": "a.rules"}, {"database": "eu", "rules": "b.rules", "indexes": "eu.json"}]}' >"$dir/multi.json" ;;
    manifest) cp Corpus/indexes/manifests/*.json "$dir/"; cp Corpus/sample/firestore.indexes.json "$dir/sample.json" ;;
    # App source: the golden apps' files of the language (`Corpus/source/`).
    swift|typescript|javascript|kotlin|java|dart)
      case $target in
        swift) exts="swift" ;; typescript) exts="ts tsx" ;; javascript) exts="js jsx vue" ;;
        kotlin) exts="kt" ;; java) exts="java" ;; dart) exts="dart" ;;
      esac
      for ext in $exts; do
        find Corpus/source -name "*.$ext" | while read -r f; do cp "$f" "$dir/$(echo "$f" | tr / _)"; done
      done ;;
    # The recorded sessions, framed as an editor sends them ({"$file": NAME} expanded).
    lsp) python3 - "$dir" <<'PY'
import glob, json, os, sys
def expand(v):
    if isinstance(v, dict):
        if list(v) == ["$file"]: return open(os.path.join("Corpus/lsp", v["$file"])).read()
        return {k: expand(x) for k, x in v.items()}
    return [expand(x) for x in v] if isinstance(v, list) else v
for path in glob.glob("Corpus/lsp/*.session"):
    out = b""
    for line in open(path):
        if line.startswith("-->"):
            body = json.dumps(expand(json.loads(line[3:]))).encode()
            out += b"Content-Length: %d\r\n\r\n" % len(body) + body
    open(os.path.join(sys.argv[1], os.path.basename(path) + ".bin"), "wb").write(out)
PY
      ;;
  esac
}

# Whether an input that timed out runs within the timeout at normal priority (three tries:
# a compile can still hold both cores for a moment).
in_time() {
  for _ in 1 2 3; do
    "$bin/fuzz-$target" -timeout=2 -runs=1 "$1" >/dev/null 2>&1 && return 0
    sleep 1
  done
  return 1
}

for target in "$@"; do
  seed "$target"
  mkdir -p "$work/$target/corpus" "$work/$target/artifacts"
  log=$work/$target/last.log
  : >"$log"
  total=0 spurious=0 crash="" left=$seconds
  while [ "$left" -gt 0 ]; do
    started=$(date +%s)
    nice -n 19 "$bin/fuzz-$target" "$work/$target/corpus" "$work/$target/seeds" \
      -dict="Fuzz/Dictionaries/$target.dict" -max_total_time="$left" -rss_limit_mb=512 -timeout=2 \
      -max_len=8192 -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$work/$target/artifacts/" >"$log.part" 2>&1
    code=$?
    cat "$log.part" >>"$log"
    left=$((left - ($(date +%s) - started)))
    execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log.part" | grep -o '[0-9]*$' | tail -1)
    total=$((total + ${execs:-0}))
    found=$(grep -o "Test unit written to [^ ]*" "$log.part" | tail -1 | sed 's/Test unit written to //')
    if [ -n "$found" ] && grep -q "libFuzzer: timeout" "$log.part" && in_time "$found"; then
      spurious=$((spurious + 1)); rm -f "$found"; continue
    fi
    if [ $code -ne 0 ] || [ -n "$found" ]; then crash=${found:-"exit $code"}; status=1; break; fi
  done
  last=$(grep -E '^#[0-9]+' "$log" | tail -1)
  cov=$(echo "$last" | grep -o 'cov: [0-9]*' | grep -o '[0-9]*')
  ft=$(echo "$last" | grep -o 'ft: [0-9]*' | grep -o '[0-9]*')
  corp=$(echo "$last" | grep -o 'corp: [0-9]*' | grep -o '[0-9]*')
  note=""; [ $spurious -gt 0 ] && note=" ($spurious timeouts under load, replayed in time)"
  printf 'fuzz-%-9s %10s executions  cov %-6s ft %-7s corpus %-6s %s%s\n' "$target" "$total" "${cov:-?}" \
    "${ft:-?}" "${corp:-?}" "$([ -n "$crash" ] && echo "CRASH: $crash (log: $log)" || echo "no crash")" "$note"
  rm -f "$log.part"
done
exit $status
