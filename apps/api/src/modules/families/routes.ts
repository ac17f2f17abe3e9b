import { subjectSelectionSchema } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { idParam, pageFields } from '../../http/params.js';
import { keyed, listUnderId, moduleRoutes } from '../../http/route.js';
import { limitByAddress, tokenLinkLimiter } from '../auth/address-limit.js';
import {
  childSchema,
  claimInput,
  familyCodeSchema,
  familyOptOutRequestSchema,
  familyPhotosSchema,
  familySettingsSchema,
  guardianLinkSchema,
  guardianSchema,
  optOutRequestInput,
  photoIdInput,
  poseChoiceSchema,
  schoolOptOutRequestSchema,
  tokenInput,
} from './schemas.js';
import {
  changeFamilySettings,
  childOfGuardian,
  childrenOfGuardian,
  choosePose,
  claim,
  decideOptOutRequest,
  familySettings,
  galleryOf,
  guardianOf,
  issueCodes,
  listCodes,
  listGuardianLinks,
  listOptOutRequests,
  listPoseChoices,
  optOutRequestsOfChild,
  proofImage,
  removeGuardianLink,
  requestOptOut,
  setGuardianSettings,
  signInWithLink,
  unsubscribe,
} from './service.js';

const childParam = z.object({ id: z.string() });
const proofParams = z.object({ grant: z.string().min(20).max(128), photo_id: z.string().max(20) });

/**
 * Families (docs/families.md). Public: a claim (code, last name, e-mail: 202 whatever they match), the
 * e-mailed link's sign-in, unsubscribe, and a proof's signed address. With a family token: the guardian's
 * children, their proofs, the yearbook pose and opt-out requests. School side: the project's guardians,
 * pose choices, opt-out queue and settings; the studio's access codes.
 */
export function registerFamilyRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['families']);
  const limitClaims = limitByAddress(tokenLinkLimiter(ctx, 'family.claim'));
  const limitSignIns = limitByAddress(tokenLinkLimiter(ctx, 'family.session'));

  app.post(
    '/api/family/claims',
    {
      ...operation(
        'public',
        'Claim a child with its access code and last name: e-mails a one-time sign-in link (15 minutes) when they match; 202 whether or not they do. 429 with Retry-After past the limits per address, e-mail and code',
        {
          body: keyed('claim', claimInput),
          response: { 202: z.object({}), 429: z.object({ error: z.literal('too_many_requests') }) },
        },
      ),
      onRequest: limitClaims,
    },
    async (request, reply) => {
      const wait = await claim(ctx, request.body.claim, request.ip);
      if (wait !== null) {
        return reply
          .status(429)
          .header('Retry-After', String(wait))
          .send({ error: 'too_many_requests' as const });
      }
      return reply.status(202).send({});
    },
  );

  app.post(
    '/api/family/sessions',
    {
      ...operation(
        'public',
        'Sign in with the e-mailed link’s token (once, within 15 minutes): a family token, and the child claimed',
        {
          body: tokenInput,
          response: {
            201: z.object({
              family_session: z.object({
                token: z.string(),
                expires_at: z.string(),
                guardian: guardianSchema,
              }),
            }),
          },
        },
      ),
      onRequest: limitSignIns,
    },
    async (request, reply) => {
      const session = await signInWithLink(ctx, request.body.token, request.ip);
      return reply.status(201).send({ family_session: session });
    },
  );

  app.post(
    '/api/family/unsubscribe',
    {
      ...operation('public', 'Stop the e-mails about new photos (the link every family e-mail carries)', {
        body: tokenInput,
        response: { 200: z.object({}) },
      }),
      onRequest: limitSignIns,
    },
    async (request) => {
      await unsubscribe(ctx, request.body.token);
      return {};
    },
  );

  // One-click unsubscribe (RFC 8058): a mail provider POSTs `List-Unsubscribe=One-Click` to the address in
  // the List-Unsubscribe header, as multipart/form-data or urlencoded, without cookies or a token header.
  // The token in the address is what counts; the body is read (a few bytes at most) and let go.
  root.register(async (scope) => {
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, _body, done) => done(null, {}),
    );
    moduleRoutes(scope, ['families']).app.post(
      '/api/family/unsubscribe/one-click',
      {
        ...operation(
          'public',
          'Stop the e-mails about new photos from the mail provider’s own Unsubscribe button (RFC 8058 one-click: the List-Unsubscribe address)',
          { querystring: tokenInput, response: { 200: z.object({}) } },
        ),
        onRequest: limitSignIns,
      },
      async (request) => {
        await unsubscribe(ctx, request.query.token);
        return {};
      },
    );
  });

  app.get(
    '/api/family/proofs/:grant/:photo_id',
    operation(
      'public',
      'A proof of a child’s photo by its signed address (a gallery read gives them; they expire): a JPEG of at most 1,200 px marked PROOF with the yearbook crop drawn, never the original; 404 when expired, revoked or not the child’s',
      { params: proofParams, response: { 200: z.string().describe('image/jpeg') } },
    ),
    async (request, reply) => {
      const jpeg = await proofImage(ctx, request.params.grant, request.params.photo_id);
      return reply
        .header('content-type', 'image/jpeg')
        .header('x-robots-tag', 'noindex, nofollow, noarchive')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(jpeg as never);
    },
  );

  app.get(
    '/api/family/me',
    operation(
      'family.read',
      'The signed-in guardian: its e-mail and whether it wants the “photos are ready” e-mail',
      {
        response: { 200: keyed('guardian', guardianSchema) },
      },
    ),
    async (request) => ({ guardian: await guardianOf(ctx, request) }),
  );

  app.patch(
    '/api/family/me',
    operation('family.update-settings', 'Ask for (or stop) the “photos are ready” e-mail', {
      body: keyed('guardian', z.strictObject({ notify_photos_ready: z.boolean() })),
      response: { 200: keyed('guardian', guardianSchema) },
    }),
    async (request) => ({ guardian: await setGuardianSettings(ctx, request, request.body.guardian) }),
  );

  app.get(
    '/api/family/children',
    operation(
      'family.read',
      'The children the guardian claimed (every school and season), first name, last name and class only',
      {
        response: { 200: z.object({ children: z.array(childSchema) }) },
      },
    ),
    async (request) => ({ children: await childrenOfGuardian(ctx, request) }),
  );

  app.get(
    '/api/family/children/:id',
    operation('family.read', 'One claimed child (any other id 404)', {
      params: childParam,
      response: { 200: keyed('child', childSchema) },
    }),
    async (request) => ({ child: await childOfGuardian(ctx, request, request.params.id) }),
  );

  app.get(
    '/api/family/children/:id/photos',
    operation(
      'family.read',
      'A claimed child’s photos as proofs (signed addresses that expire) with the yearbook crop: this season’s, then earlier seasons’ the studio has',
      { params: childParam, response: { 200: familyPhotosSchema } },
    ),
    async (request) => galleryOf(ctx, request, request.params.id),
  );

  app.put(
    '/api/family/children/:id/yearbook-pose',
    operation(
      'family.choose-pose',
      'Choose the child’s yearbook pose among this season’s photos, until the project’s family_pose_deadline (409 after it or when the studio turned it off)',
      { params: childParam, body: photoIdInput, response: { 200: keyed('child', childSchema) } },
    ),
    async (request) => ({ child: await choosePose(ctx, request, request.params.id, request.body.photo_id) }),
  );

  app.get(
    '/api/family/children/:id/opt-out-requests',
    operation('family.read', 'The guardian’s opt-out requests for the child, newest first', {
      params: childParam,
      response: { 200: z.object({ opt_out_requests: z.array(familyOptOutRequestSchema) }) },
    }),
    async (request) => ({ opt_out_requests: await optOutRequestsOfChild(ctx, request, request.params.id) }),
  );

  app.post(
    '/api/family/children/:id/opt-out-requests',
    operation(
      'family.request-opt-out',
      'Ask the school for the directory information or yearbook opt-out (the school decides, or it applies at once where the school said so)',
      {
        params: childParam,
        body: optOutRequestInput,
        response: { 201: keyed('opt_out_request', familyOptOutRequestSchema) },
      },
    ),
    async (request, reply) => {
      const made = await requestOptOut(ctx, request, request.params.id, request.body);
      return reply.status(201).send({ opt_out_request: made });
    },
  );

  // The school's side.
  app.get(
    '/api/projects/:id/guardians',
    operation(
      'guardian.list',
      'The guardians who claimed the project’s children (e-mail, when, last sign-in)',
      {
        ...listUnderId('guardians', guardianLinkSchema, z.object(pageFields(100, 1000))),
      },
    ),
    async (request) => listGuardianLinks(ctx, request, request.params.id, request.query),
  );

  app.delete(
    '/api/guardian-links/:id',
    operation('guardian-link.delete', 'Remove a guardian from a child: it no longer sees the child', {
      params: idParam,
      response: { 200: z.object({}) },
    }),
    async (request) => {
      await removeGuardianLink(ctx, request, request.params.id);
      return {};
    },
  );

  app.get(
    '/api/projects/:id/family-pose-choices',
    operation('guardian.list', 'The yearbook poses guardians chose for the project’s children', {
      params: idParam,
      response: { 200: z.object({ family_pose_choices: z.array(poseChoiceSchema) }) },
    }),
    async (request) => ({ family_pose_choices: await listPoseChoices(ctx, request, request.params.id) }),
  );

  app.get(
    '/api/projects/:id/opt-out-requests',
    operation(
      'opt-out-request.list',
      'Guardians’ opt-out requests for the project’s children, pending first',
      {
        ...listUnderId(
          'opt_out_requests',
          schoolOptOutRequestSchema,
          z.object({
            ...pageFields(100, 1000),
            state: z.enum(['pending', 'approved', 'declined']).optional(),
          }),
        ),
      },
    ),
    async (request) => listOptOutRequests(ctx, request, request.params.id, request.query),
  );

  app.patch(
    '/api/opt-out-requests/:id',
    operation(
      'opt-out-request.decide',
      'Approve (sets the consent flags, a trail row naming the guardian) or decline a pending request; the school’s own accounts',
      {
        params: idParam,
        body: keyed('opt_out_request', z.strictObject({ state: z.enum(['approved', 'declined']) })),
        response: { 200: keyed('opt_out_request', schoolOptOutRequestSchema) },
      },
    ),
    async (request) => ({
      opt_out_request: await decideOptOutRequest(
        ctx,
        request,
        request.params.id,
        request.body.opt_out_request.state,
      ),
    }),
  );

  app.get(
    '/api/projects/:id/family-settings',
    operation(
      'guardian.list',
      'The project’s family settings: pose deadline, and whether opt-out requests apply at once',
      {
        params: idParam,
        response: { 200: keyed('family_settings', familySettingsSchema) },
      },
    ),
    async (request) => ({ family_settings: await familySettings(ctx, request, request.params.id) }),
  );

  app.patch(
    '/api/projects/:id/family-settings',
    operation(
      'family-settings.update',
      'Whether guardians’ opt-out requests apply at once (the school’s own accounts)',
      {
        params: idParam,
        body: keyed('family_settings', z.strictObject({ family_opt_outs_apply_at_once: z.boolean() })),
        response: { 200: keyed('family_settings', familySettingsSchema) },
      },
    ),
    async (request) => ({
      family_settings: await changeFamilySettings(
        ctx,
        request,
        request.params.id,
        request.body.family_settings,
      ),
    }),
  );

  app.get(
    '/api/projects/:id/family-codes',
    operation(
      'family-code.list',
      'The children’s family access codes (a child without one gets one now); studio and lab',
      {
        ...listUnderId('family_codes', familyCodeSchema, z.object(pageFields(500, 5000))),
      },
    ),
    async (request) => listCodes(ctx, request, request.params.id, request.query),
  );

  app.post(
    '/api/projects/:id/family-codes',
    operation(
      'family-code.issue',
      'Issue new access codes for a selection of children: the old codes stop working (claims made stay); studio and lab',
      {
        params: idParam,
        body: z.strictObject({ selection: subjectSelectionSchema }),
        response: { 200: z.object({ family_codes: z.object({ issued: z.number() }) }) },
      },
    ),
    async (request) => ({
      family_codes: { issued: await issueCodes(ctx, request, request.params.id, request.body.selection) },
    }),
  );
}
