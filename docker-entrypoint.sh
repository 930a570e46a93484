#!/bin/sh
set -e
case "$1" in
  api) exec node --import tsx server/main.ts ;;
  web) exec node node_modules/@remix-run/serve/dist/cli.js build/index.js ;;
  seed) exec node --import tsx server/seed/cli.ts ;;
  admin:create) shift; exec node --import tsx server/scripts/admin-create.ts "$@" ;;
  *) exec "$@" ;;
esac
