#!/usr/bin/env bash
# The test of `make dist` and `make install` (run by `make test`, through `make test-dist`):
# - the archive matches its .sha256 and holds flint, flint.1, README, LICENSE and THIRD-PARTY-NOTICES;
# - `make install PREFIX=<temporary folder>` (and DESTDIR) installs the archive's binary and man page;
# - the installed binary needs nothing outside glibc (Scripts/check-linkage.sh: readelf -d, ldd);
# - in a mount namespace where the Swift toolchain's folder is an empty directory (the debug build
#   cannot start there, which the test checks), the installed binary runs the sample project's
#   jobs (the Makefile's `run` target: check, test, the two queries, the index check and plan, the
#   scripted repl) and two expressions that use PCRE2 and zlib, and prints byte for byte what the
#   debug build prints, with the same exit status, both run from the same temporary folder; and
#   `flint repl` in a terminal (tmux) edits a line with the arrow keys (libedit, libtinfo).
# Needs root (unshare --mount, mount --bind) or unprivileged user namespaces.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
self=$root/Tests/dist/test-dist.sh

fail() { echo "test-dist: FAIL: $*" >&2; exit 1; }

# The sample jobs: a label, the expected exit status (the debug build must give it too, so that
# two builds failing alike cannot pass), the folder under the work copy, the arguments.
jobs() {
  job check 0 Corpus/sample check
  job test 0 . test Corpus/suites/bookclub.yaml
  job query-denied 1 Corpus/sample query --data data.json --auth '{"uid": "alice"}' \
    'collection("clubs").orderBy("name")'
  job query-allowed 0 Corpus/sample query --data data.json --auth '{"uid": "alice"}' \
    'collection("clubs").where("visibility", "==", "public").orderBy("name")'
  job indexes-check 1 Corpus/sample indexes --check queries.txt
  job indexes-plan 0 Corpus/sample indexes queries.txt
  job repl 0 Corpus/repl repl <"$work/Corpus/repl/sample-session.txt"
  job regex 0 . expr "'flint-0.1'.matches('[a-z]+-[0-9.]+') && !'flint'.matches('[0-9]+')"
  job crc32 0 . expr "hashing.crc32('abc')"
}

# `test-dist.sh --jobs <flint> <output folder> <work folder>`: every job with that binary, from a
# fresh copy of the corpus in the work folder; each job's stdout, stderr, status and expected status.
if [ "${1:-}" = --jobs ]; then
  binary=$2 out=$3 work=$4
  rm -rf "$work" && mkdir -p "$work/Corpus" "$out"
  cp -R Corpus/sample Corpus/suites Corpus/repl "$work/Corpus/"
  job() {
    local label=$1 expected=$2 folder=$3 status=0
    shift 3
    (cd "$work/$folder" && "$binary" "$@") >"$out/$label.stdout" 2>"$out/$label.stderr" || status=$?
    echo "$status" >"$out/$label.status"
    echo "$expected" >"$out/$label.expected"
  }
  jobs </dev/null
  exit 0
fi

# `test-dist.sh --line-editing <flint> <screen file> <work folder>`: `flint repl` on a terminal (tmux),
# a line edited with the arrow keys, so that the static libedit and libtinfo are exercised; the
# screen is saved to the file.
if [ "${1:-}" = --line-editing ]; then
  binary=$2 screen=$3 work=$4 socket=flint-dist-$$
  cd "$work/Corpus/sample"
  tmux -L "$socket" new-session -d -x 100 -y 20 "TERM=xterm $binary repl"
  sleep 1
  tmux -L "$socket" send-keys ':as alic' Left Left 'x' End 'e' Enter
  sleep 1
  tmux -L "$socket" capture-pane -p >"$screen"
  tmux -L "$socket" kill-server
  exit 0
fi

debug=$(readlink -f "${FLINT_DEBUG:-.build/debug/flint}")
name=$(Scripts/dist.sh --name)
tarball=dist/$name.tar.gz
[ -f "$tarball" ] || fail "$tarball is missing: run make dist"
[ -x "$debug" ] || fail "$debug is missing: run swift build"
toolchain=$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")")

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The archive.
(cd dist && sha256sum --check --quiet "$name.tar.gz.sha256") || fail "$tarball does not match its .sha256"
listed=$(tar -tzf "$tarball" | sort | tr '\n' ' ')
for file in flint flint.1 README LICENSE THIRD-PARTY-NOTICES; do
  [[ " $listed " == *" $name/$file "* ]] || fail "$tarball lacks $name/$file (it holds: $listed)"
done
tar -xzf "$tarball" -C "$tmp"
unpacked=$tmp/$name

# make install, into a prefix and through DESTDIR.
make -s --no-print-directory install PREFIX="$tmp/prefix" >/dev/null
make -s --no-print-directory install PREFIX=/usr/local DESTDIR="$tmp/stage" >/dev/null
for prefix in "$tmp/prefix" "$tmp/stage/usr/local"; do
  cmp "$unpacked/flint" "$prefix/bin/flint" || fail "make install did not install the archive's flint into $prefix/bin"
  cmp "$unpacked/flint.1" "$prefix/share/man/man1/flint.1" || fail "no man page in $prefix/share/man/man1"
  [ -x "$prefix/bin/flint" ] || fail "$prefix/bin/flint is not executable"
done
flint=$tmp/prefix/bin/flint

# The man page: mdoc from the argument parser's help, naming every subcommand.
grep -q '^\.Dt FLINT 1' "$unpacked/flint.1" || fail "flint.1 is not a section-1 man page for flint"
for command in check test expr query indexes repl init lsp; do
  grep -q "$command" "$unpacked/flint.1" || fail "flint.1 does not mention flint $command"
done

Scripts/check-linkage.sh "$flint" >/dev/null || fail "$flint needs more than glibc"

# `flint --version` names the commit when built from a git checkout.
if git rev-parse --git-dir >/dev/null 2>&1; then
  commit=$(git rev-parse --short=12 HEAD)
  "$flint" --version | grep -q "(commit $commit" || fail "flint --version ($("$flint" --version)) does not name commit $commit"
fi

work=$tmp/work
"$self" --jobs "$debug" "$tmp/debug" "$work"
count=0
for status in "$tmp"/debug/*.status; do
  label=$(basename "$status" .status)
  cmp -s "$status" "$tmp/debug/$label.expected" \
    || fail "the debug build's $label exited $(cat "$status"), expected $(cat "$tmp/debug/$label.expected"): $(head -c 400 "$tmp/debug/$label.stderr")"
  [ -s "$tmp/debug/$label.stdout" ] || fail "the debug build's $label printed nothing"
  count=$((count + 1))
done

# The same jobs with the installed binary, from the same work folder, the toolchain's folder
# hidden behind an empty directory (the mount lives and dies with the namespace).
# Root gets a mount namespace; anyone else a user namespace with one (where the kernel allows it).
mkdir -p "$tmp/empty"
namespace=(unshare --mount)
[ "$(id -u)" = 0 ] || namespace=(unshare --user --map-root-user --mount)
"${namespace[@]}" bash -c '
  set -euo pipefail
  mount --bind "$1" "$2"
  if "$3" --version >/dev/null 2>&1; then echo "the debug build still starts with $2 hidden" >&2; exit 1; fi
  if command -v swift >/dev/null 2>&1; then echo "swift is still on PATH with $2 hidden" >&2; exit 1; fi
  "$4" --jobs "$5" "$6" "$7"
  "$4" --line-editing "$5" "$6/line-editing.screen" "$7"
' hide "$tmp/empty" "$toolchain" "$debug" "$self" "$flint" "$tmp/dist" "$work" \
  || fail "could not run the jobs in a mount namespace with $toolchain hidden"

for status in "$tmp"/debug/*.status; do
  label=$(basename "$status" .status)
  for stream in stdout stderr status; do
    cmp -s "$tmp/debug/$label.$stream" "$tmp/dist/$label.$stream" || {
      diff -u "$tmp/debug/$label.$stream" "$tmp/dist/$label.$stream" | head -40 >&2
      fail "$label: the installed binary's $stream differs from the debug build's"
    }
  done
done
grep -q '^signed in as alxice$' "$tmp/dist/line-editing.screen" \
  || fail "flint repl on a terminal did not edit the line (libedit): $(cat "$tmp/dist/line-editing.screen")"
echo "test-dist: $name: archive, make install, linkage (glibc only) and $count jobs identical to the debug build with $toolchain hidden"
