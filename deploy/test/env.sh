# Sourced by the deploy test's scripts: podman as this sandbox needs it, and where the cache lives.
export CONTAINERS_CONF="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/containers.conf"
export DEPLOY_CACHE="${DEPLOY_CACHE:-/var/cache/archivista-deploy}"
# The stand-ins' names: local tags, never pulled (no registry is reachable here).
export STANDIN=localhost/archivista-standin
export NODE_VERSION="${NODE_VERSION:-22.23.3}"
export NPM_VERSION="${NPM_VERSION:-10.9.9}"
