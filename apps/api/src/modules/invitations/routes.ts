import { APP_SLUG, acceptInvitationSchema, userSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sessionOf } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { idParam } from '../../http/params.js';
import { moduleRoutes } from '../../http/route.js';
import { limitByAddress, tokenLinkLimiter } from '../auth/address-limit.js';
import { tokenResponse, tokenResponseSchema } from '../auth/sign-in.js';
import { loadUserForViewer } from '../users/viewer.js';
import { acceptInvitation, findOpenInvitation, sendInvitation } from './service.js';

const tokenParam = z.object({ token: z.string().min(20).max(128) });

export function registerInvitationRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['users']);
  const limitAccepts = limitByAddress(tokenLinkLimiter(ctx, 'invitation.accept'));

  app.post(
    '/api/users/:id/invite',
    operation(
      'user.invite',
      'E-mail an invitation link (a new one replaces the old); studio and lab managers',
      {
        params: idParam,
        body: z.object({ plic_app_id: z.string().max(64).default(APP_SLUG) }),
        response: { 200: z.object({ user: userSchema }) },
      },
    ),
    async (request) => {
      const s = sessionOf(request);
      await request.access.find('user', request.params.id);
      const target = await loadUserForViewer(ctx, request.access, s, request.params.id);
      if (!target) throw notFound();
      await sendInvitation(ctx, {
        userId: target.id,
        inviter: { id: s.user.id, name: s.user.name },
        organizationName: target.organization_name ?? s.account?.organization.name ?? 'your organization',
      });
      return { user: (await loadUserForViewer(ctx, request.access, s, target.id))! };
    },
  );

  app.get(
    '/api/invitations/:token',
    operation('public', 'Who an invitation link is for (404 when unknown, used, replaced or expired)', {
      params: tokenParam,
      response: {
        200: z.object({
          invitation: z.object({ name: z.string(), email: z.string(), expires_at: z.string() }),
        }),
      },
    }),
    async (request) => {
      const invitation = await findOpenInvitation(ctx, request.params.token);
      if (!invitation) throw notFound();
      return {
        invitation: {
          name: invitation.name,
          email: invitation.email,
          expires_at: invitation.expires_at.toISOString(),
        },
      };
    },
  );

  app.post(
    '/api/invitations/:token/accept',
    {
      ...operation('public', 'Accept an invitation: set the password and sign in (answers a bearer token)', {
        params: tokenParam,
        body: acceptInvitationSchema,
        response: { 200: tokenResponseSchema },
      }),
      onRequest: limitAccepts,
    },
    async (request) => {
      const token = await acceptInvitation(ctx, request.params.token, request.body.password, request.ip);
      if (!token) throw notFound();
      return tokenResponse(token);
    },
  );
}
