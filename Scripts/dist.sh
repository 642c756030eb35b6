#!/usr/bin/env bash
# `make dist`: a release `flint` for Linux machines with no Swift toolchain and no -dev packages,
# packed as dist/flint-<version>-linux-<arch>.tar.gz (the binary, its man page, a README and the
# licences), whose SHA-256 it prints.
#
# What the binary links, and how:
# - the Swift standard library, FoundationEssentials (Flint imports no other part of Foundation,
#   so no ICU data) and Dispatch: statically, `--static-swift-stdlib`;
# - PCRE2, zlib, libyaml and libedit, with libedit's own dependencies (ncurses' libtinfo, libbsd, libmd),
#   and libstdc++ with the unwinder (libgcc_eh): from their static archives. Their -l flags come
#   from pkg-config and the toolchain as usual; this script makes a folder where each of those
#   names is only the static archive and puts it first on the library path (pkg-config files of
#   its own for this build, and -Xswiftc -L), so the debug build and `swift build` link exactly
#   as before;
# - glibc (libc, libm, libpthread, libdl, the loader): dynamically, as every Linux program does.
#   A static glibc breaks getpwnam and locales, and the Swift runtime needs dlopen.
#
# Its own build folder (.build/dist) keeps these flags away from .build/release (`make bench`).
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
root=$(pwd)
scratch=$root/.build/dist
libs=$scratch/static-libs
generated=$scratch/generated
pkgconfig=$scratch/pkgconfig

version=$(sed -n 's/^ *package static let release = "\(.*\)"$/\1/p' Sources/FlintKit/FlintVersion.swift)
[ -n "$version" ] || { echo "dist: no release found in Sources/FlintKit/FlintVersion.swift" >&2; exit 1; }
arch=$(uname -m)
name=flint-$version-linux-$arch
# `dist.sh --name`: only the archive's name, for the Makefile and the test.
if [ "${1:-}" = --name ]; then echo "$name"; exit 0; fi

fail() { echo "dist: $*" >&2; exit 1; }

# One static archive: $1 the library's pkg-config name, $2 its file name, $3 the Debian package.
archive() {
  local dir
  dir=$(pkg-config --variable=libdir "$1" 2>/dev/null) || fail "pkg-config does not know $1: run make deps ($3)"
  [ -f "$dir/$2" ] || fail "$dir/$2 is missing: run make deps ($3)"
  echo "$dir/$2"
}
# A file the compiler driver finds (libstdc++.a, libgcc_eh.a): $1 the file, $2 the Debian package.
compiler_file() {
  local clang path
  clang=$(dirname "$(readlink -f "$(command -v swiftc)")")/clang
  path=$("$clang" -print-file-name="$1")
  [ -f "$path" ] || fail "$1 not found by $clang: install $2"
  echo "$path"
}

# The archive's README: what this is and how to install it.
readme() {
  cat <<EOF
flint $version${commit:+ (commit $commit)}, Linux $arch

Flint checks Cloud Firestore security rules, queries and indexes offline: flint check, test,
expr, query, indexes, repl, init, lsp. 'flint --help' and 'man ./flint.1' describe them.

This build needs only glibc $glibc or newer: no Swift toolchain and no other package. The
Swift runtime, FoundationEssentials, PCRE2, zlib, libyaml, libedit, ncurses' terminfo reader and libstdc++ are
linked in. 'flint repl' reads terminal descriptions from /etc/terminfo, /lib/terminfo or
/usr/share/terminfo for line editing.

Install:
  install -m 755 flint /usr/local/bin/flint
  install -m 644 flint.1 /usr/local/share/man/man1/flint.1

THIRD-PARTY-NOTICES holds the licences of the libraries linked in.
EOF
}

# The licence texts of everything linked in: Debian's copyright files for the C libraries,
# the Swift toolchain's licence, and each Swift package dependency's LICENSE and NOTICE.
notices() {
  local package file
  echo "flint links the following libraries statically. Their licences follow."
  echo
  echo "== Swift standard library, FoundationEssentials, Dispatch (Swift toolchain)"
  cat "$(dirname "$(readlink -f "$(command -v swiftc)")")/../share/swift/LICENSE.txt"
  for package in libpcre2-8-0 zlib1g libyaml-0-2 libedit2 libtinfo6 libbsd0 libmd0 libstdc++6; do
    echo
    echo "== $package (Debian $(dpkg-query -W -f='${Version}' "$package" 2>/dev/null || echo '?'))"
    cat "/usr/share/doc/$package/copyright"
  done
  echo
  echo "== CodeMirror, embedded in flint serve's page (Debian libjs-codemirror $(dpkg-query -W -f='${Version}' libjs-codemirror 2>/dev/null || echo '?'))"
  cat /usr/share/doc/libjs-codemirror/copyright
  for file in "$scratch"/checkouts/*/LICENSE* "$scratch"/checkouts/*/NOTICE*; do
    [ -f "$file" ] || continue
    echo
    echo "== ${file#"$scratch"/checkouts/}"
    cat "$file"
  done
}

# Every archive first (a missing one stops here, naming its package), then the folder of links.
pcre2_a=$(archive libpcre2-8 libpcre2-8.a libpcre2-dev)
zlib_a=$(archive zlib libz.a zlib1g-dev)
yaml_a=$(archive yaml-0.1 libyaml.a libyaml-dev)
edit_a=$(archive libedit libedit.a libedit-dev)
tinfo_a=$(archive tinfo libtinfo.a libncurses-dev)
bsd_a=$(archive libbsd libbsd.a libbsd-dev)
md_a=$(archive libmd libmd.a libmd-dev)
stdcxx_a=$(compiler_file libstdc++.a libstdc++-12-dev)
gcc_eh_a=$(compiler_file libgcc_eh.a libgcc-12-dev)

rm -rf "$libs" "$pkgconfig"
mkdir -p "$libs" "$pkgconfig" "$generated" dist
ln -s "$pcre2_a" "$libs/libpcre2-8.a"
ln -s "$zlib_a" "$libs/libz.a"
ln -s "$yaml_a" "$libs/libyaml.a"
# -ledit names a linker script that pulls in libedit's dependencies (pkg-config lists them only
# for --static, which SwiftPM does not ask for); GROUP lets them refer to one another in any order.
cat >"$libs/libedit.a" <<EOF
/* Written by Scripts/dist.sh: libedit and what it needs, all static. */
GROUP ( $edit_a $tinfo_a $bsd_a $md_a )
EOF
ln -s "$stdcxx_a" "$libs/libstdc++.a"
# The driver asks for -lgcc_s (the unwinder) as needed; its static half is libgcc_eh.
ln -s "$gcc_eh_a" "$libs/libgcc_s.a"
# SwiftPM takes the system libraries' -L and -l flags from pkg-config, with the system folder
# first: for this build, pkg-config files that are the system's but name the folder above instead.
for module in libpcre2-8 zlib yaml-0.1 libedit; do
  pc=$(pkg-config --variable=pcfiledir "$module")/$module.pc
  lflags=$(sed -n 's/^Libs:\(.*\)$/\1/p' "$pc" | tr ' ' '\n' | grep '^-l' | tr '\n' ' ')
  sed -e "s|^Libs:.*|Libs: -L$libs $lflags|" -e '/^Libs.private:/d' "$pc" >"$pkgconfig/$module.pc"
done

# The commit for `flint --version` (Sources/CFlintBuild), rewritten only when it changed so
# that an up-to-date build stays up to date.
commit=""
commit_time=$(date +%s)
if git rev-parse --git-dir >/dev/null 2>&1; then
  commit=$(git rev-parse --short=12 HEAD)
  commit_time=$(git log -1 --format=%ct HEAD)
  if [ -n "$(git status --porcelain --untracked-files=no)" ]; then commit="$commit-modified"; fi
fi
header=$generated/flint_build_commit.h
printf '#define FLINT_BUILD_COMMIT "%s"\n' "$commit" >"$header.new"
if cmp -s "$header.new" "$header"; then rm "$header.new"; else mv "$header.new" "$header"; fi

# -Xswiftc -L puts the folder before the toolchain's own (libstdc++, libgcc_s); no $ORIGIN run path.
flags=(-c release --scratch-path "$scratch" --static-swift-stdlib --disable-local-rpath
  -Xswiftc "-L$libs" -Xcc "-I$generated")
export PKG_CONFIG_PATH=$pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
"$SWIFT" build "${flags[@]}" --product flint
"$SWIFT" build "${flags[@]}" --product generate-manual
binary=$scratch/release/flint

# Only glibc may remain dynamic.
Scripts/check-linkage.sh "$binary"

stage=dist/$name
rm -rf "$stage" "dist/$name.tar.gz" "dist/$name.tar.gz.sha256"
mkdir -p "$stage"
cp "$binary" "$stage/flint"
strip "$stage/flint"
# The man page, from the argument parser's help of the binary being shipped.
mkdir -p "$scratch/manual"
"$scratch/release/generate-manual" "$stage/flint" --output-directory "$scratch/manual" \
  --date "$(date -u -d "@$commit_time" +%Y-%m-%d)" --section 1
cp "$scratch/manual/flint.1" "$stage/flint.1"
# The newest glibc symbol version the binary asks for is the oldest glibc it runs on.
glibc=$(objdump -T "$stage/flint" | grep -o 'GLIBC_[0-9.]*' | sed 's/^GLIBC_//' | sort -uV | tail -1)
readme >"$stage/README"
notices >"$stage/THIRD-PARTY-NOTICES"
cp LICENSE "$stage/LICENSE"

# Same bytes for the same commit: sorted names, fixed owner and times, no gzip timestamp.
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$commit_time" -C dist -cf - "$name" \
  | gzip -n -9 >"dist/$name.tar.gz"
(cd dist && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
echo "dist/$name.tar.gz ($(du -h "dist/$name.tar.gz" | cut -f1), flint $(du -h "$stage/flint" | cut -f1) unpacked)"
echo "sha256 $(cut -d' ' -f1 "dist/$name.tar.gz.sha256")"
