#!/usr/bin/env bash
# The backup service of docker-compose.yml from the host (decision 313), in the folder of
# docker-compose.yml; the service itself backs up on its schedule without this:
#   npm run backup                       one backup now (the service's `now`); prints its name
#   npm run backup -- list               the backups kept (daily/<time>, weekly/<week>)
#   npm run backup:restore -- NAME       NAME (latest, daily/<time>, weekly/<week>) put back: the
#                                        api, web and backup stopped, the `restore` service run,
#                                        the stack started again
#   npm run backup -- bucket DIR         with STORAGE=s3: a copy of the bucket into DIR
#                                        (scripts/backup-bucket.mjs in an api container)
# COMPOSE is the compose command (default `docker compose`, else podman-compose), with any -p/-f
# arguments it needs. A running container is found by its compose labels (COMPOSE_PROJECT_NAME,
# default this folder's name; CONTAINER_ENGINE, docker else podman) and reached by the engine
# itself: podman-compose 1.0.3 prints its own commands on stdout (decision 234).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [[ -z "${COMPOSE:-}" ]]; then
  if command -v docker >/dev/null; then COMPOSE="docker compose"; else COMPOSE="podman-compose"; fi
fi
# shellcheck disable=SC2086 # COMPOSE is words
compose() { (cd "$root" && $COMPOSE "$@"); }
say() { printf '[backup] %s\n' "$*" >&2; }
engine="${CONTAINER_ENGINE:-$(command -v docker >/dev/null && echo docker || echo podman)}"
project="${COMPOSE_PROJECT_NAME:-$(basename "$root" | tr '[:upper:]' '[:lower:]' | tr -cd 'a-z0-9_-')}"
one() {
  local id
  id="$("$engine" ps -q --filter "label=com.docker.compose.project=$project" --filter "label=com.docker.compose.service=$1" | head -n 1)"
  [[ -n "$id" ]] || { say "no running $1 container of compose project $project (set COMPOSE_PROJECT_NAME?)"; exit 1; }
  echo "$id"
}

case "${1:-now}" in
  now)
    "$engine" exec "$(one backup)" archivista-backup now
    name="$("$engine" exec "$(one backup)" readlink /backups/latest)"
    say "the newest backup: $name"
    echo "$name"
    ;;
  list) "$engine" exec "$(one backup)" archivista-backup list ;;
  restore)
    name="${2:?usage: npm run backup:restore -- latest | daily/<time> | weekly/<week>}"
    say "api, web and backup stopped"
    compose stop api web backup >/dev/null
    compose run --rm -T restore "$name"
    say "api, web and backup started again"
    compose start api web backup >/dev/null
    ;;
  bucket)
    dir="${2:?usage: npm run backup -- bucket DIR}"
    mkdir -p "$dir"
    "$engine" exec -i "$(one api)" node --input-type=module -e "$(cat "$root/scripts/backup-bucket.mjs")" dump | tar -x -C "$dir"
    say "the bucket copied into $dir"
    ;;
  *) sed -n '2,12p' "$0" >&2; exit 2 ;;
esac
