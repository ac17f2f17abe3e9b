import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import formbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppContext } from '../context.js';
import { registerEventRoutes } from '../events/routes.js';
import { registerRequestMetrics } from '../metrics/metrics.js';
import { registerAttachmentRoutes } from '../modules/attachments/routes.js';
import { registerAuditRoutes } from '../modules/audit/routes.js';
import { registerOAuthRoutes } from '../modules/auth/routes.js';
import { registerCoverageRoutes } from '../modules/coverage/routes.js';
import { registerDevMailboxRoutes } from '../modules/dev-mailbox/routes.js';
import { registerDuplicateRoutes } from '../modules/duplicates/routes.js';
import { registerExportFormatRoutes } from '../modules/export-formats/routes.js';
import { registerFamilyRoutes } from '../modules/families/routes.js';
import { registerFileRequestRoutes } from '../modules/file-requests/routes.js';
import { registerInvitationRoutes } from '../modules/invitations/routes.js';
import { registerLayoutRoutes } from '../modules/layouts/routes.js';
import { registerOperationsRoutes } from '../modules/operations/routes.js';
import { registerOrganizationRoutes } from '../modules/organizations/routes.js';
import { registerPasswordResetRoutes } from '../modules/password-resets/routes.js';
import { registerPhotoSessionRoutes } from '../modules/photo-sessions/routes.js';
import { registerPhotoCheckRoutes } from '../modules/photos/checks/routes.js';
import { registerPhotoRoutes } from '../modules/photos/routes.js';
import { registerPictureDayRoutes } from '../modules/picture-day/routes.js';
import { registerProjectExportRoutes } from '../modules/project-exports/routes.js';
import { registerProjectTemplateRoutes } from '../modules/project-templates/routes.js';
import { registerProjectRoutes } from '../modules/projects/routes.js';
import { registerSeasonRoutes } from '../modules/seasons/routes.js';
import { registerSubjectImportRoutes } from '../modules/subject-imports/routes.js';
import { registerSubjectRoutes } from '../modules/subjects/routes.js';
import {
  registerUserCreationRoutes,
  registerUserDirectoryRoutes,
  registerUserRoutes,
} from '../modules/users/routes.js';
import { registerYearbookDeliveryRoutes } from '../modules/yearbook-deliveries/routes.js';
import { LocalStorage } from '../storage/local.js';
import { registerLocalStorageRoutes } from '../storage/routes.js';
import { registerAuth, registerPublicPlugin } from './auth.js';
import { registerErrorHandling } from './errors.js';
import { registerGracefulClose } from './graceful-close.js';
import { registerInputGuard } from './input.js';
import { openapiOptions } from './openapi.js';

const SERVED_VERSIONS = new Set(['1', '2']);
const VENDOR_ACCEPT = /application\/vnd\.school-portal\.v(\d+)\+json/;

export { redactUrl } from '../logger.js';

export interface BuildAppOptions {
  logger?: boolean | object;
}

/** The security headers of every answer (SECURITY.md), as helmet options. */
function securityHeaderOptions(ctx: AppContext) {
  // With S3 the browser uploads to and shows images from the bucket itself.
  const s3 = ctx.config.storage.driver === 's3' ? ctx.config.storage.s3 : null;
  const storageOrigins = s3
    ? [s3.endpoint ? new URL(s3.endpoint).origin : `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`]
    : [];
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly may compile (the station's barcode reader, zxing-wasm), JavaScript eval still may not.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigins],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...storageOrigins],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: ctx.config.production ? [] : null,
      },
    },
    strictTransportSecurity: ctx.config.production ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    crossOriginEmbedderPolicy: false,
  } satisfies HelmetOptions;
}

/**
 * Errors the router raises before any route or hook runs (a path that does not decode, a path
 * parameter over the length limit). Fastify answers them outside the request lifecycle, so no hook
 * adds headers: they get the security headers here and API.md's error shape.
 */
function frameworkErrorHandler(headers: ReturnType<typeof helmet>) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    headers(request.raw, reply.raw, () => {});
    reply.header('Cache-Control', 'no-store');
    request.log.info({ code: error.code }, 'request refused by the router');
    // Every path parameter is a record id or a token; one over the limit names no record.
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(404).send({ error: 'not_found' });
    return reply.status(400).send({ error: 'bad_request', message: 'The address is not valid' });
  };
}

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const helmetOptions = securityHeaderOptions(ctx);
  const app = Fastify({
    // The process's one logger (see logger.ts) unless a test asks for another.
    ...(options.logger !== undefined ? { logger: options.logger } : { loggerInstance: ctx.log }),
    genReqId: () => randomUUID(),
    // A hop count, addresses/CIDRs, or off (TRUST_PROXY); Fastify takes a number though its types omit it.
    trustProxy: ctx.config.trustProxy as boolean | string[],
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler(helmet(helmetOptions)),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerInputGuard(app);
  registerGracefulClose(app, undefined, () => ctx.lifecycle.draining);
  registerRequestMetrics(app, ctx.metrics);

  await app.register(fastifyHelmet, helmetOptions);
  await app.register(formbody);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const version = VENDOR_ACCEPT.exec(request.headers.accept ?? '')?.[1];
    if (version && !SERVED_VERSIONS.has(version)) {
      return reply
        .status(406)
        .send({ error: 'not_acceptable', message: `API version v${version} is not served` });
    }
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') || request.url.startsWith('/oauth/')) {
      reply.header('Cache-Control', 'no-store');
    }
    // The page behind a reset link must not leak the link to other sites (SECURITY.md).
    if (request.url.startsWith('/reset-password/') || request.url.startsWith('/invitations/')) {
      reply.header('Referrer-Policy', 'no-referrer');
    }
  });

  // Before any route is added (the documentation plugin's included): every route gets its action checked.
  registerAuth(app, ctx);
  await app.register(swagger, openapiOptions());
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  app.get('/api/openapi.json', { config: { action: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );

  registerOperationsRoutes(app, ctx);
  registerOAuthRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerPasswordResetRoutes(app, ctx);
  registerProjectRoutes(app, ctx);
  registerOrganizationRoutes(app, ctx);
  registerUserDirectoryRoutes(app, ctx);
  registerUserCreationRoutes(app, ctx);
  registerInvitationRoutes(app, ctx);
  registerSeasonRoutes(app, ctx);
  registerExportFormatRoutes(app, ctx);
  registerLayoutRoutes(app, ctx);
  registerProjectExportRoutes(app, ctx);
  registerYearbookDeliveryRoutes(app, ctx);
  registerProjectTemplateRoutes(app, ctx);
  registerSubjectRoutes(app, ctx);
  registerDuplicateRoutes(app, ctx);
  registerPhotoRoutes(app, ctx);
  registerPhotoCheckRoutes(app, ctx);
  registerFileRequestRoutes(app, ctx);
  registerAttachmentRoutes(app, ctx);
  registerSubjectImportRoutes(app, ctx);
  registerPictureDayRoutes(app, ctx);
  registerEventRoutes(app, ctx);
  registerAuditRoutes(app, ctx);
  registerCoverageRoutes(app, ctx);
  registerPhotoSessionRoutes(app, ctx);
  registerFamilyRoutes(app, ctx);
  if (ctx.config.devMailbox) registerDevMailboxRoutes(app, ctx);
  if (ctx.storage instanceof LocalStorage) await registerLocalStorageRoutes(app, ctx.storage);

  const webRoot = ctx.config.webDistDir;
  const hasWeb = existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await registerPublicPlugin(() =>
      app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false }),
    );
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (
      url.startsWith('/api/') ||
      url.startsWith('/oauth/') ||
      url.startsWith('/storage/') ||
      request.method !== 'GET'
    ) {
      return reply.status(404).send({ error: 'not_found' });
    }
    if (!hasWeb)
      return reply.status(404).type('text/plain').send('The web app is not built: run `npm run build`.');
    // Assets are found by the static handler; any other page is the single-page app.
    if (path.extname(url.split('?')[0] ?? '') !== '') return reply.status(404).send({ error: 'not_found' });
    // The static plugin lives in its own scope (public routes), so its reply.sendFile is not decorated here.
    return reply
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await readFile(path.join(webRoot, 'index.html')));
  });

  return app;
}
