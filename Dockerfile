# syntax=docker/dockerfile:1
# One image for every service; the command picks the service (services/<name>/dist/main.js). Built as the tests build:
# the same install (npm install from package-lock.json) and the same turbo build of the entry points.

# Only the package manifests, at their places: the install below is redone when a manifest or the lock file changes,
# not on every code edit.
FROM node:24-bookworm-slim AS manifests
WORKDIR /src
COPY . .
RUN mkdir /manifests && cp package.json package-lock.json /manifests/ \
  && find apps libs services tools bench -name package.json -not -path "*/node_modules/*" -exec cp --parents {} /manifests/ \;

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY --from=manifests /manifests/ ./
RUN npm install --no-save --no-audit --no-fund --loglevel=error
COPY turbo.json tsconfig.base.json ./
COPY apps ./apps
COPY libs ./libs
COPY services ./services
COPY tools ./tools
COPY bench ./bench
RUN npx turbo run build --filter=@kcp/standalone... --filter=@kcp/api-gateway... --filter=@kcp/collector... --filter=@kcp/operations-worker... --filter=@kcp/audit... --filter=@kcp/console --output-logs=errors-only
# Production dependencies only in the final image.
RUN npm prune --omit=dev --no-audit --no-fund --loglevel=error

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/libs ./libs
COPY --from=build --chown=node:node /app/services ./services
# The web console the gateway serves at / (CONSOLE_DIR's default: apps/console/dist).
COPY --from=build --chown=node:node /app/apps/console/dist ./apps/console/dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "services/standalone/dist/main.js"]
