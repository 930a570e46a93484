# Three images from one build (decision 314), each with its own target:
#   --target api     the api (:3001), no browser; also `admin:create` and `seed`
#   --target web     the web (:3000) with Debian's Chromium, which prints the PDFs (the default target)
#   --target backup  PostgreSQL's image (its pg_dump) and node: the backup service (deploy/backup/)
# `deploy/release.sh build` builds all three, tagged with the release (decision 312).
# The base images are pinned (decision 311). NODE_IMAGE and POSTGRES_IMAGE only let
# `npm run test:deploy` build on local stand-ins (no registry there; deploy/test/).
ARG NODE_IMAGE=node:22.23.3-bookworm-slim
ARG POSTGRES_IMAGE=postgres:16.13-bookworm

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc .puppeteerrc.cjs ./
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# What both services share: the built JavaScript, run by node as uid 10001.
FROM ${NODE_IMAGE} AS runtime
RUN apt-get update && apt-get install -y --no-install-recommends tini && rm -rf /var/lib/apt/lists/*
# glibc's allocator as scripts/malloc-env.ts sets it for npm start: fewer arenas for the threads of
# sharp, argon2 and libuv (decision 096); large blocks mapped on their own and the heap's free top
# given back, so that image buffers do not stay resident (decision 198).
ENV NODE_ENV=production API_HOST=0.0.0.0 DATA_DIR=/data \
  MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072 \
  TMPDIR=/data/tmp XDG_CACHE_HOME=/data/cache XDG_CONFIG_HOME=/data/config
# /data is the writable path: the root file system can be read-only (compose: read_only), so
# temporary files (uploads under way, Chromium's profile) and caches go there too. /files is where
# compose mounts the files volume the api replicas share (owned by the app, so a new volume is too).
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/package.json ./package.json
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN useradd --create-home --uid 10001 app && mkdir -p /data /files && chown app:app /data /files \
  && chmod +x /usr/local/bin/docker-entrypoint.sh
USER app
VOLUME /data
ENTRYPOINT ["tini", "--", "docker-entrypoint.sh"]

FROM runtime AS api
EXPOSE 3001
# The same check as docker-compose.yml's: ready while the database and the file storage answer.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3001/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["api"]

FROM ${POSTGRES_IMAGE} AS backup
# root: it reads the app's files (uid 10001) and writes the host's backup folder.
USER root
# node (from the node image, one binary) sends backups to a bucket without an SDK (s3-put.mjs).
COPY --from=runtime /usr/local/bin/node /usr/local/bin/node
COPY deploy/backup/ /usr/local/lib/archivista-backup/
# /files as the app's image has it (uid 10001): whichever container first mounts a new files volume
# gives it its owner, and the api must be able to write there.
RUN chmod +x /usr/local/lib/archivista-backup/backup.sh && mkdir -p /backups /files && chown 10001:10001 /files \
  && ln -s /usr/local/lib/archivista-backup/backup.sh /usr/local/bin/archivista-backup
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=2 CMD test -f /tmp/backup-healthy
ENTRYPOINT ["/usr/local/lib/archivista-backup/backup.sh"]
CMD ["schedule"]

# Last, so that a plain `docker build .` gives the image that runs both services.
FROM runtime AS web
USER root
# Debian's Chromium renders the PDF exports (Puppeteer never downloads a browser).
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-liberation \
  && rm -rf /var/lib/apt/lists/*
USER app
ENV PUPPETEER_EXECUTABLE_PATH=/usr/bin/chromium
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:3000/healthz/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["web"]
