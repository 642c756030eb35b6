#!/usr/bin/env bash
# Checks that a `flint` binary needs nothing outside glibc: its dynamic section may name only
# libc, libm, libpthread, libdl and the loader, and the loader must find each of them (ldd).
# Used by `make dist` (Scripts/dist.sh) and its test (Tests/dist/test-dist.sh).
set -euo pipefail
binary=${1:?usage: check-linkage.sh <binary>}
[ -x "$binary" ] || { echo "check-linkage: $binary is not an executable" >&2; exit 1; }

allowed='^(libc\.so\.6|libm\.so\.6|libpthread\.so\.0|libdl\.so\.2|ld-linux[-a-z0-9_]*\.so\.[0-9]+)$'
needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*Shared library: \[\(.*\)\]/\1/p')
status=0
for library in $needed; do
  if ! [[ $library =~ $allowed ]]; then
    echo "check-linkage: $binary needs $library (only glibc may be dynamic)" >&2
    status=1
  fi
done
if readelf -d "$binary" | grep -qE '\((RPATH|RUNPATH)\)'; then
  echo "check-linkage: $binary has a library search path: $(readelf -d "$binary" | grep -E '\((RPATH|RUNPATH)\)')" >&2
  status=1
fi
# ldd lists what the loader would map (a NEEDED library's own dependencies too).
while read -r line; do
  case $line in
    *"not found"*) echo "check-linkage: $binary: $line" >&2; status=1 ;;
    linux-vdso.so.* | */ld-linux*) ;;
    *" => "*)
      library=${line%% =>*}
      [[ $library =~ $allowed ]] || { echo "check-linkage: $binary maps $line" >&2; status=1; }
      ;;
  esac
done < <(ldd "$binary")
[ $status = 0 ] && echo "check-linkage: $binary needs only $(echo $needed | tr ' ' ',')"
exit $status
