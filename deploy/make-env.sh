#!/usr/bin/env bash
# Writes the `.env` of docker-compose.yml with fresh random secrets (README, "Production"):
#   deploy/make-env.sh https://archivista.example.com [smtp://user:password@smtp.example.com:587]
# The address is the one visitors use: its host is DOMAIN, for which Caddy obtains the certificate
# (its DNS must point at this machine, ports 80 and 443 open). Without an SMTP address, SMTP_URL is
# left empty and compose refuses to start until it is set: password resets and notices are mailed.
# Never overwrites an existing .env (ENV_FILE names another file). Each variable is explained in
# .env.example; the secrets are hexadecimal, so they need no quoting in a URL or a shell.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${ENV_FILE:-$root/.env}"
url="${1:-}"
smtp="${2:-${SMTP_URL:-}}"
if [[ ! "$url" =~ ^https?://([^/:]+)(:[0-9]+)?/?$ ]]; then
  echo "usage: deploy/make-env.sh https://your.domain [smtp://user:password@host:587]" >&2
  exit 2
fi
domain="${BASH_REMATCH[1]}"
url="${url%/}"
[[ "$url" == https://* ]] || echo "warning: $url is not https; cookies will not be Secure and Caddy serves no certificate for it" >&2
if [[ -e "$out" ]]; then
  echo "$out exists: not overwritten (move it away first, or set ENV_FILE)" >&2
  exit 1
fi
secret() { head -c "$1" /dev/urandom | od -An -tx1 | tr -d ' \n'; }
tag="$("$root/deploy/release.sh" tag 2>/dev/null || echo latest)"
umask 077
cat >"$out" <<ENV
# Written by deploy/make-env.sh on $(date -u +%FT%TZ). Keep a copy somewhere safe: a restore needs
# the same SESSION_SECRET and SHARE_LINK_KEY. Every variable is explained in .env.example.

# ---- required ----
PUBLIC_URL=$url
DOMAIN=$domain
SMTP_URL=$smtp
POSTGRES_PASSWORD=$(secret 24)
SESSION_SECRET=$(secret 32)
SHARE_LINK_KEY=$(secret 32)
# The release the stack runs (deploy/release.sh build sets it and keeps the one before)
IMAGE_TAG=$tag

# ---- optional (defaults in .env.example) ----
SEED_DEMO=false
# MAIL_FROM=Archivista <no-reply@$domain>
# BACKUP_AT=02:30
# BACKUP_S3_BUCKET=
ENV
echo "wrote $out (DOMAIN=$domain, IMAGE_TAG=$tag)" >&2
[[ -n "$smtp" ]] || echo "set SMTP_URL in $out before docker compose up (compose refuses to start without it)" >&2
