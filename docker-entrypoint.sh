#!/bin/sh
# The image's commands, each on the built JavaScript (scripts/build-api.mjs): no transpiler at runtime.
set -e
# Temporary files and caches live under /data, the one writable path (Dockerfile).
mkdir -p "${TMPDIR:-/tmp}" "${XDG_CACHE_HOME:-/tmp}" "${XDG_CONFIG_HOME:-/tmp}"
case "$1" in
  api) exec node --max-old-space-size=256 build/api.mjs ;;
  web) exec node --max-old-space-size=128 --max-semi-space-size=16 build/web-server.mjs ;;
  seed) exec node build/seed.mjs ;;
  admin:create) shift; exec node build/admin-create.mjs "$@" ;;
  *) exec "$@" ;;
esac
