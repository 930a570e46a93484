# One image, two commands: the api (default) and the web, both built JavaScript run by node.
#   docker run IMAGE            -> api on :3001
#   docker run IMAGE web        -> web on :3000
# NODE_IMAGE only lets `npm run test:deploy` build on a local stand-in (no registry there; deploy/test/).
ARG NODE_IMAGE=node:22-bookworm-slim
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc .puppeteerrc.cjs ./
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
# Debian's Chromium renders the PDF exports (Puppeteer never downloads a browser).
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-liberation tini \
  && rm -rf /var/lib/apt/lists/*
# glibc's allocator as scripts/malloc-env.ts sets it for npm start: fewer arenas for the threads of
# sharp, argon2 and libuv (decision 096); large blocks mapped on their own and the heap's free top
# given back, so that image buffers do not stay resident (decision 198).
ENV NODE_ENV=production API_HOST=0.0.0.0 DATA_DIR=/data PUPPETEER_EXECUTABLE_PATH=/usr/bin/chromium \
  MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 MALLOC_TRIM_THRESHOLD_=131072 \
  TMPDIR=/data/tmp XDG_CACHE_HOME=/data/cache XDG_CONFIG_HOME=/data/config
# /data is the one writable path: the root file system can be read-only (compose: read_only), so
# temporary files (uploads under way, Chromium's profile) and caches go there too.
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
COPY --from=build /app/package.json ./package.json
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
RUN useradd --create-home --uid 10001 app && mkdir -p /data && chown app:app /data && chmod +x /usr/local/bin/docker-entrypoint.sh
USER app
VOLUME /data
EXPOSE 3000 3001
ENTRYPOINT ["tini", "--", "docker-entrypoint.sh"]
CMD ["api"]
