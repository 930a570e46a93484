#!/usr/bin/env bash
# `npm run test:deploy`: the published Dockerfile and docker-compose.yml, run here with
# podman on local stand-ins of their images, two api and two web replicas behind Caddy, checked
# through Caddy only, over HTTPS (checks.ts). Not part of `npm test`. Needs root (podman with runc)
# and the Debian mirror and the npm registry; installs what it lacks. Keeps the images (a second run
# builds nothing that has not changed); KEEP_STACK=1 leaves the stack running afterwards. The
# stack's settings are a `.env` written by deploy/make-env.sh, as a firm's are. The phases: the stack on the previous release, the
# upgrade (upgrade.ts), the feature checks and failover (checks.ts), a scheduled backup restored
# into an empty stack (restore.ts).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
source "$here/env.sh"
export HTTP_PORT="${HTTP_PORT:-3380}" HTTPS_PORT="${HTTPS_PORT:-3443}" COMPOSE_PROJECT="${COMPOSE_PROJECT:-archivista-test}"
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
step "the product's images from the Dockerfile (targets api, web, backup)"
for target in api web backup; do
  podman build --pull=never --network host -q --format docker --target "$target" --build-arg NODE_IMAGE="$STANDIN/node:22-bookworm-slim" \
    --build-arg POSTGRES_IMAGE="$STANDIN/postgres" -t "localhost/archivista-$target:test" "$root" >/dev/null
done
export NEW_API_IMAGE=localhost/archivista-api:test NEW_WEB_IMAGE=localhost/archivista-web:test
# UPGRADE_FROM_SELF=1: the upgrade starts on the new images themselves (no previous release built:
# a machine short of time or CPU). The rolling replacement is the same; the migration checks are
# skipped, and the report says so.
if [[ "${UPGRADE_FROM_SELF:-}" == 1 ]]; then
  export PREVIOUS_IMAGE="" PREVIOUS_API_IMAGE="$NEW_API_IMAGE" PREVIOUS_WEB_IMAGE="$NEW_WEB_IMAGE"
else
  step "the previous release's image (previous.sh)"
  PREVIOUS_IMAGE="$("$here/previous.sh")"
  export PREVIOUS_IMAGE PREVIOUS_API_IMAGE="$PREVIOUS_IMAGE" PREVIOUS_WEB_IMAGE="$PREVIOUS_IMAGE"
fi
image_s=$(t)

# The stack as a firm has it: docker-compose.yml in a folder of its own (outside the checkout, whose
# .env stays untouched) beside deploy/ and the .env deploy/make-env.sh writes; podman-compose reads
# that .env for the compose file's ${…} and passes it to the containers (env_file).
stack="$DEPLOY_CACHE/stack"
export BACKUP_DIR="$DEPLOY_CACHE/backups"
rm -rf "$stack" "$BACKUP_DIR" && mkdir -p "$stack" "$BACKUP_DIR"
cp "$root/docker-compose.yml" "$stack/" && ln -s "$root/deploy" "$stack/deploy"
# No SMTP server: the mails the checks cause fail to send (and are logged); none is awaited.
ENV_FILE="$stack/.env" "$root/deploy/make-env.sh" "https://localhost:$HTTPS_PORT" smtp://127.0.0.1:2525
# The checks need the demo (compose.standins.yml: SEED_DEMO from this shell, true unless the restore
# check's empty stack says false); the images are the ones built above.
sed -i -e '/^SEED_DEMO=/d' -e 's/^IMAGE_TAG=.*/IMAGE_TAG=test/' "$stack/.env"

export COMPOSE_ARGS="-p $COMPOSE_PROJECT -f $stack/docker-compose.yml -f $here/compose.standins.yml"
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
step "compose up on the previous release ($PREVIOUS_API_IMAGE, $PREVIOUS_WEB_IMAGE): postgres, redis, 2 api, 2 web, caddy on :$HTTPS_PORT, backup"
API_IMAGE="$PREVIOUS_API_IMAGE" WEB_IMAGE="$PREVIOUS_WEB_IMAGE" compose up -d --no-build >/dev/null 2>&1
# Caddy's own authority signs localhost's certificate: its root, trusted by the checks' node.
export NODE_EXTRA_CA_CERTS="$DEPLOY_CACHE/caddy-root.crt"
for _ in $(seq 1 300); do
  podman cp "${COMPOSE_PROJECT}_proxy_1:/data/caddy/pki/authorities/local/root.crt" "$NODE_EXTRA_CA_CERTS" 2>/dev/null && break
  sleep 2
done
[[ -s "$NODE_EXTRA_CA_CERTS" ]] || { step "Caddy made no certificate authority"; exit 1; }
check upgrade before
check upgrade after
check checks
check restore
step "done (images ready after ${image_s}s)"
{ echo; echo "Run took $(t) s in all (bases and product images ready after ${image_s} s)."; } >>"$DEPLOY_REPORT"
exit $status
