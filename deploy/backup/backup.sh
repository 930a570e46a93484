#!/usr/bin/env bash
# The backup service of docker-compose.yml (decision 313), in the backup image (Dockerfile, target
# backup: PostgreSQL's own image, so pg_dump matches the server). Commands:
#   schedule        (the service's command) a backup every day at BACKUP_AT (HH:MM, UTC), or every
#                   BACKUP_EVERY_MINUTES when that is set; runs until stopped
#   now             one backup at once: docker compose exec backup archivista-backup now
#   list            the backups kept
#   restore NAME    (the `restore` service) NAME = latest, daily/<time> or weekly/<week>, into the
#                   database and the files volume; refused while anything else is connected to the
#                   database (stop the api, web and backup first)
# A backup is a folder /backups/daily/<UTC time>/ with postgres.dump (pg_dump -Fc), files.tar (the
# files volume: public uploads, private files, the mail outbox) and backup.json. The newest
# BACKUP_KEEP_DAILY (7) are kept, and one a week (the first of each ISO week, hard links, no copy)
# for BACKUP_KEEP_WEEKLY (4) weeks; `latest` points at the newest. With BACKUP_S3_BUCKET set, each
# new backup is also sent to that bucket (s3-put.mjs) under BACKUP_S3_PREFIX<UTC time>/; the
# bucket's own lifecycle rules decide how long it keeps them there.
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
BACKUPS="${BACKUPS:-/backups}"
FILES="${FILES:-/files}"
KEEP_DAILY="${BACKUP_KEEP_DAILY:-7}"
KEEP_WEEKLY="${BACKUP_KEEP_WEEKLY:-4}"
HEALTHY="${BACKUP_HEALTHY_FILE:-/tmp/backup-healthy}"
say() { printf '[backup %s] %s\n' "$(date -u +%FT%TZ)" "$*" >&2; }

# The newest `keep` entries of a folder stay (names sort by time), the older go.
prune() {
  local folder="$1" keep="$2"
  [[ -d "$folder" ]] || return 0
  find "$folder" -mindepth 1 -maxdepth 1 -type d ! -name '*.partial' -printf '%f\n' | sort -r | tail -n +"$((keep + 1))" |
    while read -r old; do say "rotation: $folder/$old removed"; rm -rf "${folder:?}/$old"; done
}

backup_once() {
  local stamp week dir part
  stamp="$(date -u +%Y-%m-%dT%H%M%SZ)"
  week="$(date -u +%G-W%V)"
  dir="$BACKUPS/daily/$stamp"
  part="$dir.partial"
  mkdir -p "$BACKUPS/daily" "$BACKUPS/weekly"
  rm -rf "$part" && mkdir -p "$part"
  say "PostgreSQL ($PGHOST/$PGDATABASE) → $dir/postgres.dump"
  pg_dump -Fc -f "$part/postgres.dump"
  say "files ($FILES) → $dir/files.tar"
  # Files still being written (*.partial, storage/local.ts) are not files yet.
  tar -c --numeric-owner --exclude='*.partial' -f "$part/files.tar" -C "$FILES" .
  printf '{"taken":"%s","release":"%s","database":%s,"files":%s}\n' "$stamp" "${RELEASE:-unknown}" \
    "$(stat -c %s "$part/postgres.dump")" "$(stat -c %s "$part/files.tar")" >"$part/backup.json"
  mv "$part" "$dir"
  ln -sfn "daily/$stamp" "$BACKUPS/latest"
  if [[ ! -e "$BACKUPS/weekly/$week" ]]; then
    cp -al "$dir" "$BACKUPS/weekly/$week"
    say "the backup of week $week"
  fi
  prune "$BACKUPS/daily" "$KEEP_DAILY"
  prune "$BACKUPS/weekly" "$KEEP_WEEKLY"
  if [[ -n "${BACKUP_S3_BUCKET:-}" ]]; then
    local key="${BACKUP_S3_PREFIX-archivista/}$stamp"
    for file in postgres.dump files.tar backup.json; do
      node "$here/s3-put.mjs" "$dir/$file" "$key/$file"
    done
    say "sent to s3://$BACKUP_S3_BUCKET/$key/"
  fi
  say "done: $dir ($(du -sh "$dir" | cut -f1))"
}

# A run that fails leaves the service unhealthy until one succeeds (the healthcheck reads $HEALTHY).
run() {
  if backup_once; then touch "$HEALTHY"; else rm -f "$HEALTHY"; say "backup FAILED"; return 1; fi
}

# Seconds until the next BACKUP_AT (UTC).
seconds_to_next() {
  local at="${BACKUP_AT:-02:30}" now next
  [[ "$at" =~ ^([01][0-9]|2[0-3]):[0-5][0-9]$ ]] || { say "BACKUP_AT must be HH:MM (UTC), not '$at'"; exit 2; }
  now="$(date -u +%s)"
  next="$(date -u -d "today $at" +%s)"
  ((next > now)) || next="$(date -u -d "tomorrow $at" +%s)"
  echo $((next - now))
}

schedule() {
  trap 'say "stopped"; exit 0' TERM INT
  touch "$HEALTHY"
  while true; do
    local wait
    if [[ -n "${BACKUP_EVERY_MINUTES:-}" ]]; then wait=$((BACKUP_EVERY_MINUTES * 60)); else wait="$(seconds_to_next)"; fi
    say "next backup in ${wait} s"
    # In the background, so that a stop (SIGTERM) ends the wait at once.
    sleep "$wait" &
    wait $! || true
    run || true
  done
}

restore() {
  local name="${1:?usage: restore latest | daily/<time> | weekly/<week>}" dir others
  dir="$(readlink -f "$BACKUPS/$name")"
  [[ -s "$dir/postgres.dump" && -f "$dir/files.tar" ]] || { say "$BACKUPS/$name holds no backup (postgres.dump, files.tar)"; exit 1; }
  others="$(psql -d postgres -tAc "select count(*) from pg_stat_activity where datname = '$PGDATABASE' and pid <> pg_backend_pid()")"
  if ((others > 0)); then
    say "$others other connections to the database: stop the api, the web and the backup first (docker compose stop api web backup)"
    exit 1
  fi
  say "PostgreSQL ← $dir/postgres.dump (the database $PGDATABASE made anew)"
  dropdb --maintenance-db=postgres --if-exists "$PGDATABASE"
  createdb --maintenance-db=postgres "$PGDATABASE"
  pg_restore --no-owner --exit-on-error -d "$PGDATABASE" "$dir/postgres.dump"
  say "files ← $dir/files.tar"
  find "$FILES" -mindepth 1 -delete
  tar -x --numeric-owner --same-owner -f "$dir/files.tar" -C "$FILES"
  say "done: start the stack (docker compose up -d)"
}

case "${1:-schedule}" in
  schedule) schedule ;;
  now) run ;;
  list) find "$BACKUPS/daily" "$BACKUPS/weekly" -mindepth 1 -maxdepth 1 -type d ! -name '*.partial' 2>/dev/null | sed "s#^$BACKUPS/##" | sort ;;
  restore) shift; restore "$@" ;;
  *) exec "$@" ;;
esac
