#!/usr/bin/env bash
# The previous release's image for the upgrade check: its commit's own Dockerfile
# on the node stand-in, tagged by commit, so it is built once. PREVIOUS_RELEASE names the commit:
# by default main just before migrations 0023-0024 (the merge of money-core); move it on when a
# release is cut. Prints the image's tag.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
source "$here/env.sh"
commit="$(git -C "$root" rev-parse --short=12 "${PREVIOUS_RELEASE:-919d561}^{commit}")"
# "-files": built with /files (below); an image of that commit built before it lacks the folder.
tag="localhost/archivista:previous-$commit-files"
if ! podman image exists "$tag"; then
  ctx="$DEPLOY_CACHE/previous-$commit"
  rm -rf "$ctx" && mkdir -p "$ctx"
  git -C "$root" archive "$commit" | tar -x -C "$ctx"
  # That Dockerfile names node:22-bookworm-slim itself (no NODE_IMAGE argument yet): the stand-in
  # replaces it. And it has no /files, where compose now mounts the files volume (decision 310):
  # made and owned by the app user, so the volume is writable. Those are the only changes.
  sed -i -E "s#^FROM node:22-bookworm-slim#FROM $STANDIN/node:22-bookworm-slim#" "$ctx/Dockerfile"
  sed -i -E 's#mkdir -p /data && chown app:app /data#mkdir -p /data /files \&\& chown app:app /data /files#' "$ctx/Dockerfile"
  grep -q 'mkdir -p /data /files' "$ctx/Dockerfile" || { echo "previous.sh: that release's Dockerfile makes /data otherwise" >&2; exit 1; }
  podman build --pull=never --network host -q --build-arg NODE_IMAGE="$STANDIN/node:22-bookworm-slim" \
    --label release="$commit" -t "$tag" "$ctx" >/dev/null
  rm -rf "$ctx"
fi
echo "$tag"
