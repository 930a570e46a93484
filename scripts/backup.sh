#!/usr/bin/env bash
# Backup and restore of the compose stack, from the folder of docker-compose.yml:
#   npm run backup [-- DIR]            DIR (default backups/<UTC time>) gets postgres.dump
#                                      (pg_dump -Fc), bucket/<key>… and bucket-types.json
#   npm run backup:restore -- DIR      puts DIR back into a running stack: the bucket first, then,
#                                      with the api and web stopped, the database replaced by the
#                                      dump; the api and web started again (they find the
#                                      migrations recorded)
# The containers are found by their compose labels: COMPOSE_PROJECT_NAME (default this folder's
# name, as compose names it), CONTAINER_ENGINE (docker, else podman). pg_dump runs in the postgres
# container, the bucket copy (scripts/backup-bucket.mjs) in an api container with the api's own S3
# settings. Redis holds only rate-limit counters: not backed up.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
engine="${CONTAINER_ENGINE:-$(command -v docker >/dev/null && echo docker || echo podman)}"
project="${COMPOSE_PROJECT_NAME:-$(basename "$root" | tr '[:upper:]' '[:lower:]' | tr -cd 'a-z0-9_-')}"
say() { printf '[backup] %s\n' "$*" >&2; }

# The ids of a service's containers (running ones, or all with `-a`).
containers() { "$engine" ps -q ${2:-} --filter "label=com.docker.compose.project=$project" --filter "label=com.docker.compose.service=$1"; }
one() {
  local id
  id="$(containers "$1" | head -n 1)"
  [[ -n "$id" ]] || { say "no running $1 container of compose project $project (set COMPOSE_PROJECT_NAME?)"; exit 1; }
  echo "$id"
}
bucket() { "$engine" exec -i "$(one api)" node --input-type=module -e "$(cat "$root/scripts/backup-bucket.mjs")" "$1"; }
psql_in() { "$engine" exec -i "$(one postgres)" sh -c "$1"; }

backup() {
  local dir="${1:-$root/backups/$(date -u +%Y-%m-%dT%H%M%SZ)}"
  mkdir -p "$dir"
  say "PostgreSQL → $dir/postgres.dump"
  psql_in 'pg_dump -U "$POSTGRES_USER" -d "$POSTGRES_DB" -Fc' >"$dir/postgres.dump.part"
  mv "$dir/postgres.dump.part" "$dir/postgres.dump"
  say "bucket → $dir/bucket/"
  rm -rf "$dir/bucket" "$dir/bucket-types.json"
  bucket dump | tar -x -C "$dir"
  say "done: $(du -sh "$dir" | cut -f1) in $dir ($(find "$dir/bucket" -type f 2>/dev/null | wc -l) files)"
  echo "$dir"
}

restore() {
  local dir="${1:?usage: npm run backup:restore -- DIR}"
  [[ -s "$dir/postgres.dump" && -f "$dir/bucket-types.json" ]] || { say "$dir holds no backup (postgres.dump, bucket-types.json)"; exit 1; }
  say "bucket ← $dir/bucket/"
  (cd "$dir" && if [[ -d bucket ]]; then tar -c bucket-types.json bucket; else tar -c bucket-types.json; fi) | bucket restore
  local apps
  apps="$(containers api; containers web)"
  say "api and web stopped; PostgreSQL ← $dir/postgres.dump"
  # shellcheck disable=SC2086 # one id a word
  "$engine" stop $apps >/dev/null
  psql_in 'dropdb -U "$POSTGRES_USER" --force --if-exists "$POSTGRES_DB" && createdb -U "$POSTGRES_USER" "$POSTGRES_DB" && pg_restore -U "$POSTGRES_USER" -d "$POSTGRES_DB" --no-owner --exit-on-error' <"$dir/postgres.dump"
  say "api and web started again"
  # shellcheck disable=SC2086
  "$engine" start $apps >/dev/null
  say "done"
}

case "${1:-}" in
  restore) shift; restore "$@" ;;
  *) backup "$@" ;;
esac
