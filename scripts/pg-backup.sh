#!/usr/bin/env bash
# Backup and restore of the PostgreSQL mode (docs/operations.md), with the client tools of the server's version:
#   scripts/pg-backup.sh dump    postgres://…/agency  agency.dump   # pg_dump, custom format, consistent snapshot
#   scripts/pg-backup.sh restore agency.dump  postgres://…/agency   # pg_restore into an empty database, one transaction
# The dump gets a SHA-256 checksum beside it (agency.dump.sha256), checked before anything is restored.
set -euo pipefail

usage() {
  echo "usage: $0 dump DATABASE_URL FILE | $0 restore FILE DATABASE_URL" >&2
  exit 2
}

# pg_dump refuses a server newer than itself; a much older one writes a dump a newer pg_restore still reads.
check_versions() {
  local url=$1 server client
  server=$(psql "$url" -Atc 'show server_version_num')
  client=$(pg_dump --version | sed -E 's/.* ([0-9]+)(\.[0-9]+)?.*/\1/')
  if [ "$((server / 10000))" -gt "$client" ]; then
    echo "pg_dump $client is older than the server ($((server / 10000))): install the server's client tools" >&2
    exit 1
  fi
}

# A damaged or changed dump is refused with a sentence before pg_restore reads it. A dump from before checksums
# (no .sha256 beside it) is checked for its structure only.
verify_dump() {
  local file=$1 sum="$1.sha256" expected actual
  if [ ! -f "$file" ]; then
    echo "$file: no such dump; nothing was restored" >&2
    exit 1
  fi
  if [ -f "$sum" ]; then
    expected=$(cut -d' ' -f1 "$sum")
    actual=$(sha256sum "$file" | cut -d' ' -f1)
    if [ "$expected" != "$actual" ]; then
      echo "$file does not match its checksum ($sum): the dump was damaged or changed after it was written." >&2
      echo "Nothing was restored; restore another dump." >&2
      exit 1
    fi
  else
    echo "warning: $sum is missing (a dump from before checksums): checking the dump's structure only" >&2
  fi
  if ! pg_restore --list "$file" >/dev/null 2>&1; then
    echo "$file is not a readable pg_dump archive (damaged or cut short); nothing was restored" >&2
    exit 1
  fi
}

[ $# -eq 3 ] || usage
case "$1" in
  dump)
    check_versions "$2"
    pg_dump --format=custom --no-owner --no-privileges --file="$3.partial" "$2"
    # The checksum names the final file (sha256sum -c works from its folder) and is in place before the dump is.
    (cd "$(dirname "$3")" && sha256sum "$(basename "$3").partial" | sed 's/\.partial$//' >"$(basename "$3").sha256")
    mv "$3.partial" "$3"
    echo "dumped to $3 ($(pg_restore --list "$3" | grep -c 'TABLE DATA') tables with data; checksum in $3.sha256)"
    ;;
  restore)
    verify_dump "$2"
    check_versions "$3"
    pg_restore --no-owner --no-privileges --single-transaction --exit-on-error --dbname="$3" "$2"
    echo "restored $2 into the database"
    ;;
  *) usage ;;
esac
