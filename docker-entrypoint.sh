#!/bin/sh
set -e
case "$1" in
  api) exec node --max-old-space-size=256 --import tsx server/main.ts ;;
  web) exec node --max-old-space-size=128 --max-semi-space-size=16 build/web-server.mjs ;;
  seed) exec node --import tsx server/seed/cli.ts ;;
  admin:create) shift; exec node --import tsx server/scripts/admin-create.ts "$@" ;;
  *) exec "$@" ;;
esac
