#!/usr/bin/env bash
# Runs each libFuzzer target of Fuzz/ for SECONDS seconds, one after the other, and prints
# one line per target: executions, coverage (edges and features), corpus size, crash.
# Usage: Fuzz/fuzz.sh SECONDS TARGET...   (run from the package root; see `make fuzz`)
set -u
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
      printf '{"firestore": [{"database": "(default)", "rules": "a.rules"}, {"database": "eu", "rules": "b.rules"}]}' >"$dir/multi.json" ;;
  esac
}

for target in "$@"; do
  seed "$target"
  mkdir -p "$work/$target/corpus" "$work/$target/artifacts"
  log=$work/$target/last.log
  nice -n 19 "$bin/fuzz-$target" "$work/$target/corpus" "$work/$target/seeds" \
    -dict="Fuzz/Dictionaries/$target.dict" -max_total_time="$seconds" -rss_limit_mb=512 -timeout=2 \
    -max_len=8192 -print_final_stats=1 -artifact_prefix="$work/$target/artifacts/" >"$log" 2>&1
  code=$?
  execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  last=$(grep -E '^#[0-9]+' "$log" | tail -1)
  cov=$(echo "$last" | grep -o 'cov: [0-9]*' | grep -o '[0-9]*')
  ft=$(echo "$last" | grep -o 'ft: [0-9]*' | grep -o '[0-9]*')
  corp=$(echo "$last" | grep -o 'corp: [0-9]*' | grep -o '[0-9]*')
  crash=$(grep -o "Test unit written to [^ ]*" "$log" | tail -1 | sed 's/Test unit written to //')
  if [ -z "$execs" ]; then execs=$(echo "$last" | grep -o '^#[0-9]*' | tr -d '#'); fi
  printf 'fuzz-%-9s %10s executions  cov %-6s ft %-7s corpus %-6s %s\n' "$target" "${execs:-?}" "${cov:-?}" \
    "${ft:-?}" "${corp:-?}" "$([ -n "$crash" ] && echo "CRASH: $crash (log: $log)" || echo "no crash")"
  if [ $code -ne 0 ] || [ -n "$crash" ]; then status=1; fi
done
exit $status
