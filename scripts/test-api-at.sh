#!/usr/bin/env bash
# The API tests with the machine's clock moved to one instant and the process in one time zone:
# libfaketime (Debian's faketime package) moves the clock of the test processes and of the embedded
# PostgreSQL they start alike, and the clock runs on from that instant.
#
#   scripts/test-api-at.sh 2026-12-31T23:30:00+09:00 Pacific/Honolulu [more vitest arguments]
#
# The instant may name any offset; it is handed to faketime as the zone's local time.
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 <instant, ISO 8601 with offset> <time zone> [vitest arguments]" >&2
  exit 2
fi
instant="$1"
zone="$2"
shift 2
command -v faketime >/dev/null || {
  echo "faketime is not installed (Debian package faketime)" >&2
  exit 1
}
local_time="$(TZ="$zone" date -d "$instant" '+%Y-%m-%d %H:%M:%S')"
cd "$(dirname "$0")/.."

# PostgreSQL's deadlock check does not run under libfaketime with a clock moved into the future
# (scripts/faketime-epoll-shim.c says why); a small library preloaded before libfaketime mends it.
# It is built once per user into the temporary folder, where the embedded server's own user can
# read it. Without a C compiler the runs go on without it, and the deadlock test is skipped.
shim="${TMPDIR:-/tmp}/yado-faketime-epoll-shim-$(id -u).so"
if [ ! -s "$shim" ] || [ scripts/faketime-epoll-shim.c -nt "$shim" ]; then
  cc -shared -fPIC -O2 -o "$shim.$$" scripts/faketime-epoll-shim.c 2>/dev/null && chmod 755 "$shim.$$" &&
    mv "$shim.$$" "$shim" || echo "no C compiler: the deadlock test is skipped at moved clocks" >&2
fi
if [ -s "$shim" ]; then
  export LD_PRELOAD="$shim${LD_PRELOAD:+:$LD_PRELOAD}"
fi

echo "=== API tests at $instant ($local_time in $zone)"
# The machine's PostgreSQL server keeps the real time, so the embedded one is used whatever DATABASE_URL says.
unset DATABASE_URL
TZ="$zone" exec faketime -m -f "@$local_time" npx vitest run --project api "$@"
