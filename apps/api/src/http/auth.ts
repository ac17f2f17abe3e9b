import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { hashSecret } from '../modules/auth/tokens.js';
import {
  buildAbilities,
  chooseAccount,
  loadAccounts,
  loadActiveSlugs,
  type Session,
} from '../modules/users/session.js';
import { forbidden, unauthorized } from './errors.js';

/**
 * Who may call a route: `public` anyone; `signed-in` a valid token (the not-licensed and switch-accounts
 * screens need that much); `licensed` a valid token acting as a licensed account. Routes under /api
 * default to `licensed`: deny by default.
 */
export type AuthLevel = 'public' | 'signed-in' | 'licensed';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    session: Session | null;
    tokenId: string | null;
  }
}

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

function authLevelOf(request: FastifyRequest): AuthLevel {
  const declared = request.routeOptions.config?.auth;
  if (declared) return declared;
  // No route matched: the not-found handler answers 404 to everyone.
  if (!request.routeOptions.url) return 'public';
  // The OpenAPI browser (a plugin's routes) documents the API; it holds no data.
  if (request.url.startsWith('/api/docs')) return 'public';
  return request.url.startsWith('/api/') ? 'licensed' : 'public';
}

// Touching last_used_at on every call would write on every read; once a minute is enough for idle expiry.
const TOUCH_AFTER_MS = 60_000;

export function registerAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('session', null);
  app.decorateRequest('tokenId', null);

  app.addHook('onRequest', async (request) => {
    const level = authLevelOf(request);
    if (level === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const row = await ctx.db
      .selectFrom('access_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .select([
        't.id as token_id',
        't.last_used_at',
        'u.id',
        'u.name',
        'u.email',
        'u.roles',
        'u.enable_plic_app_whitelist',
        'u.plic_app_whitelist_slugs',
        'u.default_account_id',
        'u.current_account_id',
        'u.invitation_sent_at',
        'u.invitation_accepted_at',
        'u.created_at',
      ])
      .where('t.token_hash', '=', hashSecret(token))
      .where('t.revoked_at', 'is', null)
      .where('t.expires_at', '>', sql<Date>`now()`)
      .where('t.last_used_at', '>', sql<Date>`now() - make_interval(secs => ${ctx.config.tokenIdleSeconds})`)
      .where('u.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw unauthorized();
    const { token_id, last_used_at, ...user } = row;
    if (Date.now() - last_used_at.getTime() > TOUCH_AFTER_MS) {
      await ctx.db
        .updateTable('access_tokens')
        .set({ last_used_at: new Date() })
        .where('id', '=', token_id)
        .execute();
    }
    const [accounts, activeSlugs] = await Promise.all([
      loadAccounts(ctx.db, [user.id]),
      loadActiveSlugs(ctx.db, user.id),
    ]);
    const requested = request.headers['x-current-account-id'];
    const chosen = chooseAccount(
      user,
      accounts,
      typeof requested === 'string' ? requested.trim() : undefined,
    );
    if (chosen === 'not_owned') throw forbidden('account_not_owned');
    const abilities = buildAbilities(user, accounts, chosen, activeSlugs, !!ctx.config.web.supportChatUrl);
    request.tokenId = token_id;
    request.session = { user, accounts, account: chosen, activeSlugs, abilities };
    if (level === 'licensed' && !abilities.isLicensed) throw forbidden('not_licensed');
  });
}
