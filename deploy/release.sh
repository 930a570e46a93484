#!/usr/bin/env bash
# The product's images, tagged with the release (decision 312), from the folder of docker-compose.yml:
#   deploy/release.sh tag          prints this checkout's release: <package version>-<commit>
#                                  (`-dirty` when files differ from the commit)
#   deploy/release.sh build        builds the api, web and backup images with that tag, then
#                                  `use`s it
#   deploy/release.sh use TAG      sets IMAGE_TAG=TAG in .env, keeping the one before as
#                                  PREVIOUS_IMAGE_TAG (a rollback: `use` that one, then rollout.sh)
#   deploy/release.sh list         the releases built on this machine
# Images are named ${IMAGE_REPO:-archivista}-api:TAG, -web:TAG and -backup:TAG. CONTAINER_ENGINE:
# docker, else podman.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
env_file="${ENV_FILE:-$root/.env}"
engine="${CONTAINER_ENGINE:-$(command -v docker >/dev/null && echo docker || echo podman)}"
repo="${IMAGE_REPO:-archivista}"

tag() {
  local version commit
  version="$(node -p "require('$root/package.json').version || '0.0.0'" 2>/dev/null || echo 0.0.0)"
  commit="$(git -C "$root" rev-parse --short=12 HEAD)"
  if [[ -n "$(git -C "$root" status --porcelain --untracked-files=no)" ]]; then commit="$commit-dirty"; fi
  echo "$version-$commit"
}

use() {
  local new="${1:?usage: deploy/release.sh use TAG}" old=""
  [[ -f "$env_file" ]] || { echo "$env_file is missing: deploy/make-env.sh writes it" >&2; exit 1; }
  "$engine" image inspect "$repo-api:$new" >/dev/null 2>&1 || { echo "no image $repo-api:$new here (deploy/release.sh list)" >&2; exit 1; }
  old="$(sed -n 's/^IMAGE_TAG=//p' "$env_file" | tail -n 1)"
  grep -v -e '^IMAGE_TAG=' -e '^PREVIOUS_IMAGE_TAG=' "$env_file" >"$env_file.new" || true
  { echo "IMAGE_TAG=$new"; [[ -z "$old" || "$old" == "$new" ]] || echo "PREVIOUS_IMAGE_TAG=$old"; } >>"$env_file.new"
  chmod --reference="$env_file" "$env_file.new" 2>/dev/null || chmod 600 "$env_file.new"
  mv "$env_file.new" "$env_file"
  echo "IMAGE_TAG=$new${old:+ (was $old)}: now deploy/rollout.sh api && deploy/rollout.sh web && docker compose up -d" >&2
}

build() {
  local release commit
  release="$(tag)"
  commit="$(git -C "$root" rev-parse HEAD)"
  # podman writes OCI images by default, which have no HEALTHCHECK: Docker's format keeps it.
  local format=()
  [[ "$engine" != podman ]] || format=(--format docker)
  for target in api web backup; do
    echo "building $repo-$target:$release" >&2
    "$engine" build "${format[@]}" --target "$target" --label "org.opencontainers.image.version=$release" \
      --label "org.opencontainers.image.revision=$commit" -t "$repo-$target:$release" "$root"
  done
  if [[ -f "$env_file" ]]; then use "$release"; else echo "built $release (no .env yet: deploy/make-env.sh)" >&2; fi
}

case "${1:-}" in
  tag) tag ;;
  build) build ;;
  use) shift; use "$@" ;;
  list) "$engine" images --format '{{.Repository}}:{{.Tag}}  {{.CreatedAt}}' | grep "$repo-api:" || true ;;
  *) sed -n '2,12p' "$0" >&2; exit 2 ;;
esac
