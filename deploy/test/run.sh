#!/usr/bin/env bash
# `npm run test:deploy` (issue 29): the published Dockerfile and docker-compose.yml, run here with
# podman on local stand-ins of their images, two api and two web replicas behind Caddy, checked
# through Caddy only (checks.ts). Not part of `npm test`. Needs root (podman with runc) and the
# Debian mirror and the npm registry; installs what it lacks. Keeps the images (a second run
# builds nothing that has not changed); KEEP_STACK=1 leaves the stack running afterwards. The
# phases: the stack on the previous release, the upgrade (upgrade.ts), the feature checks and
# failover (checks.ts), backup and restore into an empty stack (restore.ts).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
source "$here/env.sh"
export PROXY_PORT="${PROXY_PORT:-3300}" COMPOSE_PROJECT="${COMPOSE_PROJECT:-archivista-test}"
export PUBLIC_URL="http://localhost:$PROXY_PORT" SESSION_SECRET="${SESSION_SECRET:-deploy-test-$(head -c 16 /dev/urandom | od -An -tx1 | tr -d ' \n')}"
export DEPLOY_REPORT="${DEPLOY_REPORT:-$root/deploy/test/last-run.md}"
started=$(date +%s)
t() { echo "$(( $(date +%s) - started ))"; }
step() { printf '[deploy %4ss] %s\n' "$(t)" "$*"; }

missing=()
for tool in podman runc podman-compose debootstrap; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if ((${#missing[@]})); then
  step "apt-get install podman runc podman-compose debootstrap"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc podman-compose debootstrap >/dev/null
fi

step "stand-in base images"
"$here/bases.sh"
step "the product image from the Dockerfile"
podman build --pull=never --network host -q --build-arg NODE_IMAGE="$STANDIN/node:22-bookworm-slim" -t localhost/archivista:test "$root" >/dev/null
step "the previous release's image (previous.sh)"
export NEW_IMAGE=localhost/archivista:test PREVIOUS_IMAGE="$("$here/previous.sh")"
image_s=$(t)

export COMPOSE_ARGS="-p $COMPOSE_PROJECT -f $root/docker-compose.yml -f $here/compose.standins.yml"
export DEPLOY_STATE="$DEPLOY_CACHE/state.json"
# shellcheck disable=SC2086 # COMPOSE_ARGS is words
compose() { podman-compose $COMPOSE_ARGS "$@"; }
# The containers removed with -v first: each has an anonymous volume for the image's /data, which
# podman-compose 1.0.3's `down -v` leaves behind.
down() { podman ps -aq --filter "label=com.docker.compose.project=$COMPOSE_PROJECT" | xargs -r podman rm -f -v >/dev/null 2>&1 || true
  compose down -v >/dev/null 2>&1 || true; podman volume ls -q | grep "^${COMPOSE_PROJECT}_" | xargs -r podman volume rm -f >/dev/null 2>&1 || true; }
[[ "${KEEP_STACK:-}" == 1 ]] || trap down EXIT
down
rm -f "$DEPLOY_STATE"
: >"$DEPLOY_REPORT"
status=0
check() { step "checks: $*"; (cd "$root" && node --import tsx "$here/$1.ts" "${@:2}") || status=1; }
step "compose up on the previous release ($PREVIOUS_IMAGE): postgres, redis, s3, 2 api, 2 web, caddy on :$PROXY_PORT"
API_IMAGE="$PREVIOUS_IMAGE" WEB_IMAGE="$PREVIOUS_IMAGE" compose up -d --no-build >/dev/null 2>&1
check upgrade before
check upgrade after
check checks
check restore
step "done (images ready after ${image_s}s)"
{ echo; echo "Run took $(t) s in all (bases and product images ready after ${image_s} s)."; } >>"$DEPLOY_REPORT"
exit $status
