# syntax=docker/dockerfile:1
# School Portal: one image for the API, the worker and the migrate step (docs/deploy.md, "Container image").
#   docker build -t school-portal:1.69.4 .
#   docker run school-portal:1.69.4                                    # API (node apps/api/dist/main.js)
#   docker run school-portal:1.69.4 node apps/api/dist/worker.js       # job worker
#   docker run school-portal:1.69.4 node apps/api/dist/migrate.js      # migrate step, once per release
# No browser is inside: nothing in the API or the worker runs Chromium. sharp's prebuilt binaries (with
# their own libvips) are glibc builds, which is why the base is Debian (bookworm-slim), not Alpine.
ARG NODE_IMAGE=node:22-bookworm-slim

# Build: every dependency, development ones included, then the web app and the API to JavaScript.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Production dependencies of the API only (the web app is static files; @school-portal/domain is bundled).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
RUN npm ci --omit=dev --workspace @school-portal/api --no-audit --no-fund && npm cache clean --force

# Runtime: node, the production node_modules and the built output; runs as the image's unprivileged
# `node` user (uid 1000), by number so that Kubernetes' runAsNonRoot can check it.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# var/ (DATA_DIR) is the only place the app may write under /app (local storage, if ever used).
RUN mkdir -p /app/var && chown 1000:1000 /app/var
USER 1000:1000
EXPOSE 3000 9464
CMD ["node", "--enable-source-maps", "apps/api/dist/main.js"]
