import {
  type Action,
  type AuthLevel,
  can,
  isAction,
  isFamilyAction,
  isStationLinkAction,
  policyOf,
} from '@school-portal/domain';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '../context.js';
import { Access } from '../modules/access/visibility.js';
import { hashSecret } from '../modules/auth/tokens.js';
import { type GuardianPrincipal, guardianOfToken } from '../modules/families/family-token.js';
import { type StationPrincipal, stationOfLink } from '../modules/photo-sessions/station-link.js';
import { buildAbilities, chooseAccount, loadTokenSession, type Session } from '../modules/users/session.js';
import { forbidden, HttpError, notFound, unauthorized } from './errors.js';

/**
 * Every route declares the action it performs (`config: { action }`), and the domain's policy table says
 * who may perform it (packages/domain/src/policies.ts). This hook signs the caller in as the action's level
 * asks, refuses unlicensed callers, and decides caller-only actions before the body is looked at. A route
 * naming a record decides its action when it finds the record (`request.access.find`, access module): 404
 * out of view, then 403 when the policy refuses; a record route that answers without having decided is
 * turned into a refusal. A route without an action is refused to everyone: deny by default.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    action?: Action;
  }
  interface FastifyRequest {
    session: Session | null;
    /** A device signed in by a station link: its station and session, and nothing else (no session). */
    station: StationPrincipal | null;
    /** A guardian signed in with a family token: only the family routes accept it (and nothing else). */
    guardian: GuardianPrincipal | null;
    tokenId: string | null;
    access: Access;
    authorized: boolean;
  }
  interface FastifyInstance {
    /** Every route with its declared action, for the authorization table's completeness test. */
    routeActions: () => { method: string; url: string; action: Action | undefined }[];
  }
}

/** While above zero, routes being added are a data-less plugin's (the web app's files): public. */
let addingPublicRoutes = 0;

/**
 * Registers a plugin whose routes serve no data (the built web app's files) with every route it adds
 * marked public. The plugin stays in the caller's scope, so its reply decorators (sendFile) stay usable.
 */
export async function registerPublicPlugin(register: () => PromiseLike<unknown>) {
  addingPublicRoutes++;
  try {
    await register();
  } finally {
    addingPublicRoutes--;
  }
}

/** Routes added by plugins (API documentation browser, the web app's files): public, holding no data. */
const PUBLIC_PLUGIN_PREFIXES = ['/api/docs'];

/** The signed-in session of a route that is not public. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header);
  return match?.[1];
}

/** The route's declared action; null when no route matched (the not-found handler answers 404). */
function actionOf(request: FastifyRequest): Action | 'undeclared' | null {
  if (!request.routeOptions.url) return null;
  const declared = request.routeOptions.config?.action;
  return declared && isAction(declared) ? declared : 'undeclared';
}

// Touching last_used_at on every call would write on every read; once a minute is enough for idle expiry.
const TOUCH_AFTER_MS = 60_000;

export function registerAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('session', null);
  app.decorateRequest('station', null);
  app.decorateRequest('guardian', null);
  app.decorateRequest('tokenId', null);
  app.decorateRequest('access', null as unknown as Access);
  app.decorateRequest('authorized', false);
  // Route options are kept by reference: a plugin scope may still set the action after this hook ran.
  const routes: RouteOptions[] = [];
  app.decorate('routeActions', () =>
    routes.flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, url: route.url, action: route.config?.action })),
    ),
  );
  app.addHook('onRoute', (route) => {
    const publicPlugin =
      addingPublicRoutes > 0 || PUBLIC_PLUGIN_PREFIXES.some((p) => route.url.startsWith(p));
    if (!route.config?.action && publicPlugin) {
      route.config = { ...route.config, action: 'public' };
    }
    routes.push(route);
  });

  app.addHook('onRequest', async (request) => {
    const action = actionOf(request);
    request.access = new Access(ctx.db, null);
    if (action === null) return;
    if (action === 'undeclared') throw forbidden('not_allowed');
    const { auth: level, needsRecord } = policyOf(action);
    if (level === 'public') return;
    if (isFamilyAction(action)) {
      // A family route: a guardian's family token and nothing else (an organization's token is unknown here).
      const token = bearerToken(request);
      const guardian = token ? await guardianOfToken(ctx.db, hashSecret(token)) : undefined;
      if (!guardian) throw unauthorized();
      request.guardian = guardian;
      // A route naming a child decides when its module finds the child among the guardian's (else 404).
      if (!request.routeOptions.url?.includes(':')) request.authorized = true;
      return;
    }
    const principal = await principalFor(ctx, request);
    if ('station' in principal) {
      // A station link acts on its own session's station routes only (its module checks the session);
      // everything else is out of its view.
      if (!isStationLinkAction(action)) throw notFound();
      request.station = principal.station;
      return;
    }
    request.session = principal.session;
    request.access = new Access(ctx.db, request.session, {
      action,
      decided: () => {
        request.authorized = true;
      },
    });
    if (level === 'licensed' && !request.session.abilities.isLicensed) throw forbidden('not_licensed');
    if (needsRecord) return;
    if ((can as (a: unknown, n: string) => boolean)(request.session.abilities, action)) {
      request.authorized = true;
    } else if (!request.routeOptions.url?.includes(':')) {
      throw forbidden('not_allowed');
    }
    // Else a record in the path: its lookup answers 404 if it is out of view, 403 once it is found.
  });

  // A record route that answered without deciding its action is a bug: refuse rather than leak.
  app.addHook('onSend', async (request, reply, payload) => {
    const action = actionOf(request);
    if (action === null || action === 'undeclared' || reply.statusCode >= 400) return payload;
    if (policyOf(action).auth === 'public' || request.authorized) {
      return payload;
    }
    request.log.error(
      { route: request.routeOptions.url, action },
      'record action answered without deciding it (request.access.find)',
    );
    const refusal = new HttpError(500, { error: 'internal', request_id: request.id });
    reply.status(refusal.statusCode).type('application/json; charset=utf-8');
    return JSON.stringify(refusal.body);
  });
}

/** Who the bearer token signs in: a user's session, else a station link's device, else 401. */
async function principalFor(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<{ session: Session } | { station: StationPrincipal }> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const hash = hashSecret(token);
  const session = await sessionFor(ctx, request, hash);
  if (session) return { session };
  const station = await stationOfLink(ctx.db, hash);
  if (station) return { station };
  throw unauthorized();
}

async function sessionFor(ctx: AppContext, request: FastifyRequest, hash: Buffer): Promise<Session | null> {
  // One round trip: token, user, accounts and licences (users/session.ts). No cache to invalidate.
  const found = await loadTokenSession(ctx.db, hash, ctx.config.tokenIdleSeconds);
  if (!found) return null;
  const { token_id, last_used_at, user, accounts, activeSlugs } = found;
  if (Date.now() - last_used_at.getTime() > TOUCH_AFTER_MS) {
    await ctx.db
      .updateTable('access_tokens')
      .set({ last_used_at: new Date() })
      .where('id', '=', token_id)
      .execute();
  }
  const requested = request.headers['x-current-account-id'];
  const chosen = chooseAccount(user, accounts, typeof requested === 'string' ? requested.trim() : undefined);
  if (chosen === 'not_owned') throw forbidden('account_not_owned');
  const abilities = buildAbilities(user, accounts, chosen, activeSlugs, !!ctx.config.web.supportChatUrl);
  request.tokenId = token_id;
  return { user, accounts, account: chosen, activeSlugs, abilities };
}

export type { AuthLevel };
