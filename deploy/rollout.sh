#!/usr/bin/env bash
# A rolling replacement of one service's replicas with the release in .env (decision 312):
#   deploy/rollout.sh api      then    deploy/rollout.sh web
# For each running replica in turn: one more is started on the new image (compose --scale, the old
# ones left as they are), it must turn healthy (its healthcheck) within ROLLOUT_TIMEOUT seconds
# (180), then one old replica is stopped (SIGTERM: it drains, SHUTDOWN_DRAIN_SECONDS, serving on
# with each answer closing its connection, then finishes the requests it has) and removed. Caddy
# looks the replicas up every second and retries a refused connection on another, and so does the
# web's api client, so no request fails (docs/decisions/380). When a new replica does not turn healthy it is removed and the old ones keep
# serving. The api's new migrations run when its first new replica starts, while old replicas still
# serve: a release's migrations must work with the release before it (add, never rename or drop in
# the same release; docs/decisions/312).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
service="${1:?usage: deploy/rollout.sh api|web}"
timeout="${ROLLOUT_TIMEOUT:-180}"
engine="${CONTAINER_ENGINE:-docker}"
compose() { (cd "$root" && "$engine" compose "$@"); }
say() { printf '[rollout %s] %s\n' "$service" "$*" >&2; }

mapfile -t old < <(compose ps -q "$service")
if ((${#old[@]} == 0)); then
  say "no running replica: started"
  compose up -d --no-deps "$service"
  exit 0
fi
count=${#old[@]}
seen=" ${old[*]} "
for id in "${old[@]}"; do
  compose up -d --no-deps --no-recreate --scale "$service=$((count + 1))" "$service" >/dev/null
  new=""
  for candidate in $(compose ps -q "$service"); do [[ "$seen" == *" $candidate "* ]] || new="$candidate"; done
  [[ -n "$new" ]] || { say "no new replica was started"; exit 1; }
  seen="$seen$new "
  say "new replica ${new:0:12} on $("$engine" inspect -f '{{.Config.Image}}' "$new"): waiting for its healthcheck"
  start=$(date +%s)
  until [[ "$("$engine" inspect -f '{{.State.Health.Status}}' "$new")" == healthy ]]; do
    if (($(date +%s) - start > timeout)); then
      say "not healthy within $timeout s: removed, the old replicas keep serving"
      "$engine" logs --tail 30 "$new" >&2 || true
      "$engine" rm -f "$new" >/dev/null
      exit 1
    fi
    sleep 2
  done
  say "healthy after $(($(date +%s) - start)) s; old replica ${id:0:12} stopped"
  "$engine" stop -t 30 "$id" >/dev/null
  "$engine" rm "$id" >/dev/null
done
say "done: $count replicas on the new release"
