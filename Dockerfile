# syntax=docker/dockerfile:1
# Verbale: one process (web + worker) on Node 24, Postgres outside (compose.yaml) or embedded in
# /data when DATABASE_URL is unset. The steps are the commands the tests run (npm ci,
# npm run whisper:build, npm run build, node server/start.mjs): see docs/operations.md.

ARG NODE_VERSION=24

# ---- build: dependencies, whisper-cli for a portable CPU target, the compiled app
FROM node:${NODE_VERSION}-bookworm-slim AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends cmake g++ make ca-certificates \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY scripts ./scripts
# whisper-cli is built below, once, for generic CPUs (the install hook would target this builder's CPU).
RUN VERBALE_SKIP_WHISPER_BUILD=1 npm ci --no-audit --no-fund
COPY . .
RUN VERBALE_WHISPER_PORTABLE=1 npm run whisper:build \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: production dependencies, the build, migrations; no compiler, not root
FROM node:${NODE_VERSION}-bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini ca-certificates \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    WORKER_HEALTH_PORT=3001 \
    NODE_COMPILE_CACHE=/tmp/node-compile-cache
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/drizzle ./drizzle
COPY --from=build /app/server/start.mjs ./server/start.mjs
COPY --from=build /app/worker/engines/whisper/whisper-thread.mjs ./worker/engines/whisper/whisper-thread.mjs
COPY --from=build /app/worker/engines/diarization/diarize-child.mjs ./worker/engines/diarization/diarize-child.mjs
COPY --from=build /app/worker/engines/llm/llm-host.mjs ./worker/engines/llm/llm-host.mjs
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s \
  CMD node -e "const w=process.env.PROCESS_ROLE==='worker';fetch('http://127.0.0.1:'+(w?process.env.WORKER_HEALTH_PORT:process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["tini", "--"]
CMD ["node", "server/start.mjs"]
