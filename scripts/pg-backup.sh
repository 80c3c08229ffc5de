#!/usr/bin/env bash
# Backup and restore of the PostgreSQL mode (docs/operations.md), with the client tools of the server's version:
#   scripts/pg-backup.sh dump    postgres://…/agency  agency.dump   # pg_dump, custom format, consistent snapshot
#   scripts/pg-backup.sh restore agency.dump  postgres://…/agency   # pg_restore into an empty database, one transaction
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

[ $# -eq 3 ] || usage
case "$1" in
  dump)
    check_versions "$2"
    pg_dump --format=custom --no-owner --no-privileges --file="$3.partial" "$2"
    mv "$3.partial" "$3"
    echo "dumped to $3 ($(pg_restore --list "$3" | grep -c 'TABLE DATA') tables with data)"
    ;;
  restore)
    check_versions "$3"
    pg_restore --no-owner --no-privileges --single-transaction --exit-on-error --dbname="$3" "$2"
    echo "restored $2 into the database"
    ;;
  *) usage ;;
esac
