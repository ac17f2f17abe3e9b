import type { FieldRef, SubjectSelection } from '@school-portal/domain';
import type { FastifyRequest } from 'fastify';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { sessionOf } from '../../http/auth.js';
import { conflict, notFound, requireWritten, unprocessable } from '../../http/errors.js';
import { isRecordId } from '../../http/params.js';
import { mailDepsOf, queueEmail } from '../../mail/outbox.js';
import { type AuditActor, actorOf, recordAudit } from '../audit/record.js';
import { createAddressLimiter } from '../auth/address-limit.js';
import { hashSecret, newSecret } from '../auth/tokens.js';
import { templateFieldReads } from '../project-templates/queries.js';
import { findProject, projectById, updateProject } from '../projects/service.js';
import { setConsent } from '../subjects/consent.js';
import { matchingSubjectIds, updateSubject } from '../subjects/queries.js';
import { resolveSelection } from '../subjects/selection.js';
import { loadProjectFields } from '../subjects/service.js';
import { normalizeAccessCode, printedCode } from './codes.js';
import { issueFamilyToken } from './family-token.js';
import { familySignInMessage } from './messages.js';
import { proofOf } from './proofs.js';
import { giveCodes } from './queries.js';
import { newUnsubscribeLinks } from './unsubscribe-links.js';

/** How long the e-mailed sign-in link works. */
export const SIGN_IN_LINK_MINUTES = 15;
/** How many guardians one code lets claim its child. */
export const MAX_GUARDIANS_PER_CODE = 4;
/** Claims per e-mail address and per code in 15 minutes (the client address has its own window). */
export const CLAIMS_PER_EMAIL = 5;
export const CLAIMS_PER_CODE = 5;
/** How long a gallery's proof addresses work. */
export const PROOF_GRANT_SECONDS = 60 * 60;

const CLASS_KEYS = ['grade', 'teacher', 'home_room'] as const;

/** The trail's actor for a guardian: no user, no account; the guardian is named in the row's details. */
const guardianActor = (request: FastifyRequest): AuditActor => ({
  userId: null,
  accountId: null,
  actingOrganizationId: null,
  ip: request.ip ?? null,
});

const guardianIdOf = (request: FastifyRequest) => {
  if (!request.guardian) throw notFound();
  return request.guardian.guardian_id;
};

const fold = (s: string) => s.normalize('NFKC').trim().toLocaleLowerCase('en');

/** A subject's value of a field key among the fields a customer may see ('' when none). */
function fieldText(fields: FieldRef[], properties: Record<string, string>, key: string, visibleOnly = true) {
  const field = fields.find((f) => f.field_key === key && (!visibleOnly || f.visible_to_customers));
  return field ? (properties[field.id] ?? '').trim() : '';
}

// Claims -------------------------------------------------------------------------------------------------

/**
 * A claim: when the code is live and the last name is the child's, a one-time sign-in link is e-mailed
 * (unless the code has four guardians already). The answer is the same whatever matched; only the limits
 * per e-mail address and per code answer otherwise (seconds to wait, for a 429).
 */
export async function claim(
  ctx: AppContext,
  input: { code: string; last_name: string; email: string },
  _ip: string,
): Promise<number | null> {
  const email = input.email.trim().toLowerCase();
  const code = normalizeAccessCode(input.code);
  const perEmail = createAddressLimiter(ctx.db, {
    bucket: 'family.claim.email',
    limit: CLAIMS_PER_EMAIL,
    windowSeconds: 15 * 60,
  });
  const perCode = createAddressLimiter(ctx.db, {
    bucket: 'family.claim.code',
    limit: CLAIMS_PER_CODE,
    windowSeconds: 15 * 60,
  });
  const waits = [await perEmail.hit(email), await perCode.hit(code ?? fold(input.code))];
  const wait = Math.max(...waits.map((w) => w ?? 0));
  if (wait > 0) return wait;
  if (!code) return null;

  const row = await ctx.db
    .selectFrom('family_access_codes as c')
    .innerJoin('subjects as s', 's.id', 'c.subject_id')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select([
      'c.id',
      's.properties',
      templateFieldReads('p.project_template_id').refs.as('fields'),
      sql<number>`(SELECT count(*)::int FROM guardian_links l WHERE l.access_code_id = c.id)`.as('guardians'),
      sql<boolean>`EXISTS (SELECT 1 FROM guardian_links l JOIN guardians g ON g.id = l.guardian_id WHERE l.subject_id = c.subject_id AND g.email = ${email})`.as(
        'linked',
      ),
    ])
    .where('c.code', '=', code)
    .where('c.revoked_at', 'is', null)
    .where('p.deleting_at', 'is', null)
    .executeTakeFirst();
  if (!row) return null;
  const lastName = fieldText(row.fields, row.properties, 'last_name', false);
  if (!lastName || fold(lastName) !== fold(input.last_name)) return null;
  if (row.guardians >= MAX_GUARDIANS_PER_CODE && !row.linked) return null;

  const { secret, hash } = newSecret();
  const link = `${ctx.config.publicUrl}/family/sign-in#token=${secret}`;
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('family_sign_in_links')
      .values({
        email,
        access_code_id: row.id,
        token_hash: hash,
        expires_at: new Date(Date.now() + SIGN_IN_LINK_MINUTES * 60_000),
      })
      .execute();
    const guardian = await trx
      .selectFrom('guardians')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    const unsubscribeUrl = guardian
      ? (await newUnsubscribeLinks(trx, ctx.config.publicUrl, guardian.id)).page
      : `${ctx.config.publicUrl}/family/unsubscribe`;
    await queueEmail(
      trx,
      mailDepsOf(ctx).enqueueEmail,
      familySignInMessage({ to: email, link, minutes: SIGN_IN_LINK_MINUTES, unsubscribeUrl }),
    );
  });
  return null;
}

/**
 * The e-mailed link used: the guardian (made for a new address), its claim on the child (at most four per
 * code), and a family token. 404 for an unknown, used or expired link; 409 when the code is full.
 */
export async function signInWithLink(ctx: AppContext, token: string, ip: string) {
  const result = await ctx.db.transaction().execute(async (trx) => {
    const link = await trx
      .selectFrom('family_sign_in_links as k')
      .innerJoin('family_access_codes as c', 'c.id', 'k.access_code_id')
      .innerJoin('subjects as s', 's.id', 'c.subject_id')
      .innerJoin('projects as p', 'p.id', 's.project_id')
      .select([
        'k.id',
        'k.email',
        'c.id as code_id',
        'c.subject_id',
        'c.revoked_at',
        'p.id as project_id',
        'p.organization_id',
      ])
      .where('k.token_hash', '=', hashSecret(token))
      .where('k.used_at', 'is', null)
      .where('k.expires_at', '>', sql<Date>`now()`)
      .where('p.deleting_at', 'is', null)
      .forUpdate('k')
      .executeTakeFirst();
    if (!link || link.revoked_at) return null;
    await trx
      .updateTable('family_sign_in_links')
      .set({ used_at: sql`now()` })
      .where('id', '=', link.id)
      .execute();
    const guardian = await trx
      .insertInto('guardians')
      .values({ email: link.email, last_signed_in_at: sql`now()` })
      .onConflict((oc) => oc.column('email').doUpdateSet({ last_signed_in_at: sql`now()` }))
      .returning(['id', 'email', 'notify_photos_ready'])
      .executeTakeFirstOrThrow();
    // The code's row is locked while its guardians are counted, so two links at once make no fifth.
    await trx
      .selectFrom('family_access_codes')
      .select('id')
      .where('id', '=', link.code_id)
      .forUpdate()
      .execute();
    const linked = await trx
      .selectFrom('guardian_links')
      .select('id')
      .where('guardian_id', '=', guardian.id)
      .where('subject_id', '=', link.subject_id)
      .executeTakeFirst();
    if (!linked) {
      const { n } = await trx
        .selectFrom('guardian_links')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('access_code_id', '=', link.code_id)
        .executeTakeFirstOrThrow();
      if (n >= MAX_GUARDIANS_PER_CODE) return 'full' as const;
      await trx
        .insertInto('guardian_links')
        .values({ guardian_id: guardian.id, subject_id: link.subject_id, access_code_id: link.code_id })
        .execute();
    }
    await recordAudit(
      trx,
      { userId: null, accountId: null, actingOrganizationId: null, ip },
      {
        action: 'family.sign_in',
        recordType: 'subject',
        recordId: link.subject_id,
        projectId: link.project_id,
        ownerOrganizationId: link.organization_id,
        details: { guardian_id: guardian.id },
      },
    );
    const session = await issueFamilyToken(trx, guardian.id);
    return { guardian, session };
  });
  if (!result) throw notFound();
  if (result === 'full') throw conflict({ code: [`already has ${MAX_GUARDIANS_PER_CODE} guardians`] });
  return {
    token: result.session.token,
    expires_at: result.session.expiresAt.toISOString(),
    guardian: { email: result.guardian.email, notify_photos_ready: result.guardian.notify_photos_ready },
  };
}

export async function unsubscribe(ctx: AppContext, token: string) {
  const row = await ctx.db
    .selectFrom('guardian_unsubscribes')
    .select('guardian_id')
    .where('token_hash', '=', hashSecret(token))
    .executeTakeFirst();
  if (!row) throw notFound();
  await ctx.db
    .updateTable('guardians')
    .set({ notify_photos_ready: false })
    .where('id', '=', row.guardian_id)
    .execute();
}

// The guardian ---------------------------------------------------------------------------------------

export async function guardianOf(ctx: AppContext, request: FastifyRequest) {
  return ctx.db
    .selectFrom('guardians')
    .select(['email', 'notify_photos_ready'])
    .where('id', '=', guardianIdOf(request))
    .executeTakeFirstOrThrow();
}

export async function setGuardianSettings(
  ctx: AppContext,
  request: FastifyRequest,
  settings: { notify_photos_ready: boolean },
) {
  return ctx.db
    .updateTable('guardians')
    .set({ notify_photos_ready: settings.notify_photos_ready })
    .where('id', '=', guardianIdOf(request))
    .returning(['email', 'notify_photos_ready'])
    .executeTakeFirstOrThrow();
}

// Children ---------------------------------------------------------------------------------------------

/** The children a guardian claimed (as `s`, with their project `p`), for a query to narrow. */
const claimedChildren = (db: Db, guardianId: string) =>
  db
    .selectFrom('guardian_links as gl')
    .innerJoin('subjects as s', 's.id', 'gl.subject_id')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select([
      's.id',
      's.project_id',
      's.properties',
      's.yearbook_photo_id',
      's.created_at',
      'p.organization_id',
      'p.created_at as project_created_at',
      'p.family_pose_deadline',
      'p.family_opt_outs_apply_at_once',
      templateFieldReads('p.project_template_id').refs.as('fields'),
      sql<string | null>`(SELECT c.photo_id::text FROM family_pose_choices c WHERE c.subject_id = s.id)`.as(
        'chosen_photo_id',
      ),
    ])
    .where('gl.guardian_id', '=', guardianId)
    .where('p.deleting_at', 'is', null);
type ChildRow = Awaited<ReturnType<ReturnType<typeof claimedChildren>['executeTakeFirstOrThrow']>>;

/** One of the guardian's children, else 404 (any other id: another child, a missing one, a non-id). */
async function claimedChild(ctx: AppContext, request: FastifyRequest, id: string): Promise<ChildRow> {
  const guardianId = guardianIdOf(request);
  if (!isRecordId(id)) throw notFound();
  const row = await claimedChildren(ctx.db, guardianId).where('s.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  request.authorized = true;
  return row;
}

const poseOpen = (row: Pick<ChildRow, 'family_pose_deadline'>, now = new Date()) =>
  !!row.family_pose_deadline && row.family_pose_deadline > now;

/** A child as a family sees it: first name, last name, class (visible fields only), the pose. */
function serializeChild(row: ChildRow) {
  return {
    id: row.id,
    first_name: fieldText(row.fields, row.properties, 'first_name'),
    last_name: fieldText(row.fields, row.properties, 'last_name'),
    class: CLASS_KEYS.map((k) => fieldText(row.fields, row.properties, k))
      .filter(Boolean)
      .join(' · '),
    yearbook_pose: {
      open: poseOpen(row),
      deadline: row.family_pose_deadline?.toISOString() ?? null,
      photo_id: row.yearbook_photo_id,
      chosen_by_guardian: !!row.chosen_photo_id && row.chosen_photo_id === row.yearbook_photo_id,
    },
  };
}

export async function childrenOfGuardian(ctx: AppContext, request: FastifyRequest) {
  const rows = await claimedChildren(ctx.db, guardianIdOf(request))
    .orderBy('p.created_at', 'desc')
    .orderBy('s.id')
    .execute();
  return rows.map(serializeChild);
}

export async function childOfGuardian(ctx: AppContext, request: FastifyRequest, id: string) {
  return serializeChild(await claimedChild(ctx, request, id));
}

// The gallery --------------------------------------------------------------------------------------------

/** The verified photos of subjects (as `ph`), with the subject and the default (yearbook) crop. */
const photosOfSubjects = (db: Db, subjectIds: string[]) =>
  db
    .selectFrom(
      sql<{
        id: string;
        subject_id: string;
        storage_key: string;
        master_width: number | null;
        created_at: Date;
        crop_x: number | null;
        crop_y: number | null;
        crop_width: number | null;
        crop_height: number | null;
      }>`(SELECT ph.id::text AS id, a.subject_id::text AS subject_id, ph.storage_key, ph.master_width, ph.created_at,
            c.x AS crop_x, c.y AS crop_y, c.width AS crop_width, c.height AS crop_height
          FROM subject_photo_assignments a
          JOIN photos ph ON ph.id = a.photo_id
          LEFT JOIN photo_crops c ON c.photo_id = ph.id AND c.is_default
          WHERE a.subject_id = ANY(${subjectIds}::bigint[]) AND ph.upload_verified_at IS NOT NULL)`.as('x'),
    )
    .selectAll()
    .orderBy('x.created_at', 'desc')
    .orderBy('x.id');

/**
 * The same child in earlier seasons, where the studio has it: subjects of older projects of the same
 * school or of another school of the same studio, with the same Student ID and last name. Nothing of them
 * but their photos reaches the family.
 */
async function earlierSelves(db: Db, child: ChildRow): Promise<string[]> {
  const studentId = fieldText(child.fields, child.properties, 'student_id', false);
  const lastName = fieldText(child.fields, child.properties, 'last_name', false);
  if (!studentId || !lastName) return [];
  const { rows } = await sql<{ id: string }>`
    SELECT s2.id::text AS id
    FROM projects p2
    JOIN organizations o2 ON o2.id = p2.organization_id
    JOIN subject_fields fs ON fs.project_template_id = p2.project_template_id AND fs.field_key = 'student_id'
    JOIN subject_fields fl ON fl.project_template_id = p2.project_template_id AND fl.field_key = 'last_name'
    JOIN subjects s2 ON s2.project_id = p2.id
    WHERE p2.id <> ${child.project_id}::bigint
      AND p2.deleting_at IS NULL
      AND p2.created_at < ${child.project_created_at}
      AND (p2.organization_id = ${child.organization_id}::bigint OR o2.parent_organization_id = (
        SELECT o.parent_organization_id FROM organizations o WHERE o.id = ${child.organization_id}::bigint))
      AND btrim(s2.properties ->> fs.id::text) = ${studentId}
      AND lower(btrim(s2.properties ->> fl.id::text)) = lower(${lastName})
    LIMIT 20`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * The gallery: proofs of this season's photos, then earlier seasons', each with the yearbook crop, behind
 * a grant (signed addresses) that expires. The view is in the school's trail.
 */
export async function galleryOf(ctx: AppContext, request: FastifyRequest, id: string) {
  const child = await claimedChild(ctx, request, id);
  const earlier = await earlierSelves(ctx.db, child);
  const rows = await photosOfSubjects(ctx.db, [child.id, ...earlier]).execute();
  const { secret, hash } = newSecret();
  const expiresAt = new Date(Date.now() + PROOF_GRANT_SECONDS * 1000);
  const guardianId = guardianIdOf(request);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('family_gallery_grants')
      .values({
        guardian_id: guardianId,
        subject_id: child.id,
        photo_ids: rows.map((r) => r.id),
        token_hash: hash,
        expires_at: expiresAt,
      })
      .execute();
    await recordAudit(trx, guardianActor(request), {
      action: 'family.view',
      recordType: 'subject',
      recordId: child.id,
      projectId: child.project_id,
      ownerOrganizationId: child.organization_id,
      details: { guardian_id: guardianId, photos: rows.length },
    });
  });
  const seen = new Set<string>();
  const photos = rows
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .map((r) => ({
      id: r.id,
      proof_url: `/api/family/proofs/${secret}/${r.id}`,
      crop:
        r.crop_x === null || r.crop_y === null || r.crop_width === null || r.crop_height === null
          ? null
          : { x: r.crop_x, y: r.crop_y, width: r.crop_width, height: r.crop_height },
      season: r.subject_id === child.id ? ('current' as const) : ('earlier' as const),
      year: r.created_at.getUTCFullYear(),
      is_yearbook_pose: r.subject_id === child.id && r.id === child.yearbook_photo_id,
    }))
    .sort((a, b) => (a.season === b.season ? 0 : a.season === 'current' ? -1 : 1));
  return { photos, expires_at: expiresAt.toISOString() };
}

/**
 * A proof by its signed address: the grant must be live, its guardian still the child's, and the photo one
 * the grant showed and still the child's (or its earlier self's). Else 404, whatever was wrong.
 */
export async function proofImage(ctx: AppContext, grant: string, photoId: string): Promise<Buffer> {
  if (!isRecordId(photoId)) throw notFound();
  const row = await ctx.db
    .selectFrom('family_gallery_grants as g')
    .innerJoin('guardian_links as gl', (j) =>
      j.onRef('gl.guardian_id', '=', 'g.guardian_id').onRef('gl.subject_id', '=', 'g.subject_id'),
    )
    .select(['g.subject_id'])
    .where('g.token_hash', '=', hashSecret(grant))
    .where('g.expires_at', '>', sql<Date>`now()`)
    .where(sql<SqlBool>`${photoId}::bigint = ANY(g.photo_ids)`)
    .executeTakeFirst();
  if (!row) throw notFound();
  const photo = await photosOfSubjectsById(ctx.db, photoId);
  if (!photo) throw notFound();
  const crop =
    photo.crop_x === null || photo.crop_y === null || photo.crop_width === null || photo.crop_height === null
      ? null
      : { x: photo.crop_x, y: photo.crop_y, width: photo.crop_width, height: photo.crop_height };
  return proofOf(ctx.storage, photo, crop);
}

async function photosOfSubjectsById(db: Db, photoId: string) {
  const { rows } = await sql<{
    storage_key: string;
    master_width: number | null;
    renditions_ready_at: Date | null;
    crop_x: number | null;
    crop_y: number | null;
    crop_width: number | null;
    crop_height: number | null;
  }>`SELECT ph.storage_key, ph.master_width, ph.renditions_ready_at, c.x AS crop_x, c.y AS crop_y, c.width AS crop_width, c.height AS crop_height
     FROM photos ph LEFT JOIN photo_crops c ON c.photo_id = ph.id AND c.is_default
     WHERE ph.id = ${photoId}::bigint AND ph.upload_verified_at IS NOT NULL`.execute(db);
  return rows[0];
}

// Yearbook pose ---------------------------------------------------------------------------------------

/**
 * The guardian's yearbook pose: one of this season's photos of the child, while the project's deadline has
 * not passed; it becomes the subject's yearbook photo, recorded as a guardian's choice, in the trail.
 */
export async function choosePose(ctx: AppContext, request: FastifyRequest, id: string, photoId: string) {
  const child = await claimedChild(ctx, request, id);
  if (!poseOpen(child)) throw conflict({ photo_id: ['the yearbook pose can no longer be chosen'] });
  const [photo] = await photosOfSubjects(ctx.db, [child.id]).where('x.id', '=', photoId).execute();
  if (!photo) throw unprocessable({ photo_id: ['is invalid'] });
  const guardianId = guardianIdOf(request);
  await ctx.db.transaction().execute(async (trx) => {
    // The deadline again, under the project's row lock: a choice never lands after it.
    const { rows } = await sql<{ open: boolean }>`
      SELECT family_pose_deadline > now() AS open FROM projects WHERE id = ${child.project_id}::bigint FOR SHARE`.execute(
      trx,
    );
    if (!rows[0]?.open) throw conflict({ photo_id: ['the yearbook pose can no longer be chosen'] });
    await updateSubject(trx, child.id, {}, photoId);
    await trx
      .insertInto('family_pose_choices')
      .values({ subject_id: child.id, photo_id: photoId, guardian_id: guardianId })
      .onConflict((oc) =>
        oc
          .column('subject_id')
          .doUpdateSet({ photo_id: photoId, guardian_id: guardianId, chosen_at: sql`now()` }),
      )
      .execute();
    await recordAudit(trx, guardianActor(request), {
      action: 'family.pose_choice',
      recordType: 'subject',
      recordId: child.id,
      projectId: child.project_id,
      ownerOrganizationId: child.organization_id,
      details: { guardian_id: guardianId, photo_id: photoId },
    });
  });
  return serializeChild(await claimedChild(ctx, request, id));
}

// Opt-out requests -----------------------------------------------------------------------------------

const familyRequestColumns = [
  'r.id',
  'r.directory_opt_out',
  'r.yearbook_opt_out',
  'r.state',
  'r.created_at',
  'r.decided_at',
] as const;

function serializeFamilyRequest(r: {
  id: string;
  directory_opt_out: boolean | null;
  yearbook_opt_out: boolean | null;
  state: 'pending' | 'approved' | 'declined';
  created_at: Date;
  decided_at: Date | null;
}) {
  return {
    id: r.id,
    directory_opt_out: !!r.directory_opt_out,
    yearbook_opt_out: !!r.yearbook_opt_out,
    state: r.state,
    created_at: r.created_at.toISOString(),
    decided_at: r.decided_at?.toISOString() ?? null,
  };
}

export async function optOutRequestsOfChild(ctx: AppContext, request: FastifyRequest, id: string) {
  const child = await claimedChild(ctx, request, id);
  const rows = await ctx.db
    .selectFrom('opt_out_requests as r')
    .select(familyRequestColumns)
    .where('r.subject_id', '=', child.id)
    .where('r.guardian_id', '=', guardianIdOf(request))
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map(serializeFamilyRequest);
}

/** Sets the consent flags a request asks for, with the trail row naming the guardian and the request. */
async function applyRequest(
  db: Db,
  actor: AuditActor,
  project: { id: string; organization_id: string },
  req: {
    id: string;
    subject_id: string;
    guardian_id: string | null;
    directory_opt_out: boolean | null;
    yearbook_opt_out: boolean | null;
  },
) {
  const where: Expression<SqlBool> = sql<SqlBool>`s.id = ${req.subject_id}::bigint`;
  await setConsent(
    db,
    actor,
    project,
    where,
    {
      directory_opt_out: req.directory_opt_out ? true : undefined,
      yearbook_opt_out: req.yearbook_opt_out ? true : undefined,
    },
    'family_request',
    { guardian_id: req.guardian_id ?? '', opt_out_request_id: req.id },
  );
}

export async function requestOptOut(
  ctx: AppContext,
  request: FastifyRequest,
  id: string,
  body: { directory_opt_out?: true | undefined; yearbook_opt_out?: true | undefined },
) {
  const child = await claimedChild(ctx, request, id);
  const guardianId = guardianIdOf(request);
  const atOnce = child.family_opt_outs_apply_at_once;
  const project = { id: child.project_id, organization_id: child.organization_id };
  const made = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('opt_out_requests')
      .values({
        subject_id: child.id,
        project_id: child.project_id,
        guardian_id: guardianId,
        directory_opt_out: body.directory_opt_out ?? null,
        yearbook_opt_out: body.yearbook_opt_out ?? null,
        ...(atOnce ? { state: 'approved' as const, decided_at: sql<Date>`now()` } : {}),
      })
      .returning([
        'id',
        'directory_opt_out',
        'yearbook_opt_out',
        'state',
        'created_at',
        'decided_at',
        'subject_id',
        'guardian_id',
      ])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, guardianActor(request), {
      action: 'family.opt_out_request',
      recordType: 'subject',
      recordId: child.id,
      projectId: child.project_id,
      ownerOrganizationId: child.organization_id,
      details: {
        guardian_id: guardianId,
        opt_out_request_id: row.id,
        directory_opt_out: !!row.directory_opt_out,
        yearbook_opt_out: !!row.yearbook_opt_out,
      },
    });
    if (atOnce) await applyRequest(trx, guardianActor(request), project, row);
    return row;
  });
  return serializeFamilyRequest(made);
}

// The school's side ----------------------------------------------------------------------------------

type Paging = { page: number; limit: number };

export async function listGuardianLinks(
  ctx: AppContext,
  request: FastifyRequest,
  projectId: string,
  q: Paging,
) {
  const project = await findProject(request.access, projectId);
  const base = ctx.db
    .selectFrom('guardian_links as gl')
    .innerJoin('guardians as g', 'g.id', 'gl.guardian_id')
    .innerJoin('subjects as s', 's.id', 'gl.subject_id')
    .where('s.project_id', '=', project.id);
  const [rows, total] = await Promise.all([
    base
      .select(['gl.id', 'gl.subject_id', 'g.email', 'gl.created_at', 'g.last_signed_in_at'])
      .orderBy('gl.subject_id')
      .orderBy('gl.id')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    guardians: rows.map((r) => ({
      id: r.id,
      subject_id: r.subject_id,
      email: r.email,
      claimed_at: r.created_at.toISOString(),
      last_signed_in_at: r.last_signed_in_at?.toISOString() ?? null,
    })),
    meta: { page: q.page, limit: q.limit, total: total.n },
  };
}

export async function removeGuardianLink(ctx: AppContext, request: FastifyRequest, id: string) {
  const link = await request.access.findRowWhere('project', (ids, db) =>
    db
      .selectFrom('guardian_links as gl')
      .innerJoin('subjects as s', 's.id', 'gl.subject_id')
      .innerJoin('projects as p', 'p.id', 's.project_id')
      .select(['gl.id', 'gl.guardian_id', 'gl.subject_id', 's.project_id', 'p.organization_id'])
      .where('gl.id', '=', isRecordId(id) ? id : '0')
      .where('s.project_id', 'in', ids),
  );
  await ctx.db.transaction().execute(async (trx) => {
    // Removed by another request after this one found it: 404, as a moment later.
    requireWritten(await trx.deleteFrom('guardian_links').where('id', '=', link.id).executeTakeFirst());
    await trx
      .deleteFrom('family_gallery_grants')
      .where('guardian_id', '=', link.guardian_id)
      .where('subject_id', '=', link.subject_id)
      .execute();
    await recordAudit(trx, actorOf(request), {
      action: 'guardian_link.delete',
      recordType: 'subject',
      recordId: link.subject_id,
      projectId: link.project_id,
      ownerOrganizationId: link.organization_id,
      details: { guardian_id: link.guardian_id },
    });
  });
}

export async function listPoseChoices(ctx: AppContext, request: FastifyRequest, projectId: string) {
  const project = await findProject(request.access, projectId);
  const rows = await ctx.db
    .selectFrom('family_pose_choices as c')
    .innerJoin('subjects as s', 's.id', 'c.subject_id')
    .select(['c.subject_id', 'c.photo_id', 'c.chosen_at', 's.yearbook_photo_id'])
    .where('s.project_id', '=', project.id)
    .orderBy('c.subject_id')
    .execute();
  return rows.map((r) => ({
    subject_id: r.subject_id,
    photo_id: r.photo_id,
    chosen_at: r.chosen_at.toISOString(),
    chosen_by_guardian: true as const,
    current: r.yearbook_photo_id === r.photo_id,
  }));
}

const schoolRequests = (db: Db) =>
  db
    .selectFrom('opt_out_requests as r')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .leftJoin('guardians as g', 'g.id', 'r.guardian_id')
    .leftJoin('users as u', 'u.id', 'r.decided_by_user_id')
    .select([
      ...familyRequestColumns,
      'r.subject_id',
      'r.guardian_id',
      'r.project_id',
      'p.organization_id',
      'g.email as guardian_email',
      'u.id as decided_by_id',
      'u.name as decided_by_name',
    ]);
type SchoolRequestRow = Awaited<ReturnType<ReturnType<typeof schoolRequests>['executeTakeFirstOrThrow']>>;

const serializeSchoolRequest = (r: SchoolRequestRow) => ({
  ...serializeFamilyRequest(r),
  subject_id: r.subject_id,
  guardian_email: r.guardian_email,
  decided_by: r.decided_by_id && r.decided_by_name ? { id: r.decided_by_id, name: r.decided_by_name } : null,
});

export async function listOptOutRequests(
  ctx: AppContext,
  request: FastifyRequest,
  projectId: string,
  q: Paging & { state?: 'pending' | 'approved' | 'declined' | undefined },
) {
  const project = await findProject(request.access, projectId);
  let base = schoolRequests(ctx.db).where('r.project_id', '=', project.id);
  if (q.state) base = base.where('r.state', '=', q.state);
  const [rows, total] = await Promise.all([
    base
      .orderBy(sql`r.state = 'pending'`, 'desc')
      .orderBy('r.id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    base.clearSelect().select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    opt_out_requests: rows.map(serializeSchoolRequest),
    meta: { page: q.page, limit: q.limit, total: total.n },
  };
}

/** The school's decision on a pending request; approval sets the flags with a trail row naming the guardian. */
export async function decideOptOutRequest(
  ctx: AppContext,
  request: FastifyRequest,
  id: string,
  state: 'approved' | 'declined',
) {
  const found = await request.access.findRowWhere('project', (ids, db) =>
    schoolRequests(db)
      .where('r.id', '=', isRecordId(id) ? id : '0')
      .where('r.project_id', 'in', ids),
  );
  const userId = sessionOf(request).user.id;
  await ctx.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('opt_out_requests')
      .set({ state, decided_at: sql`now()`, decided_by_user_id: userId })
      .where('id', '=', found.id)
      .where('state', '=', 'pending')
      .returning(['id'])
      .executeTakeFirst();
    if (!changed) throw conflict({ state: ['has been decided'] });
    if (state === 'approved')
      await applyRequest(
        trx,
        actorOf(request),
        { id: found.project_id, organization_id: found.organization_id },
        found,
      );
    await recordAudit(trx, actorOf(request), {
      action: 'opt_out_request.decide',
      recordType: 'subject',
      recordId: found.subject_id,
      projectId: found.project_id,
      ownerOrganizationId: found.organization_id,
      details: { guardian_id: found.guardian_id, opt_out_request_id: found.id, state },
    });
  });
  const row = await schoolRequests(ctx.db).where('r.id', '=', found.id).executeTakeFirstOrThrow();
  return serializeSchoolRequest(row);
}

const settingsOf = (project: {
  family_pose_deadline: Date | null;
  family_opt_outs_apply_at_once: boolean;
}) => ({
  family_pose_deadline: project.family_pose_deadline?.toISOString() ?? null,
  family_opt_outs_apply_at_once: project.family_opt_outs_apply_at_once,
});

export async function familySettings(_ctx: AppContext, request: FastifyRequest, projectId: string) {
  return settingsOf(await findProject(request.access, projectId));
}

export async function changeFamilySettings(
  ctx: AppContext,
  request: FastifyRequest,
  projectId: string,
  settings: { family_opt_outs_apply_at_once: boolean },
) {
  const project = await findProject(request.access, projectId);
  await updateProject(ctx.db, project.id, settings);
  return settingsOf(await projectById(ctx.db, project.id));
}

// Access codes ---------------------------------------------------------------------------------------

/** Gives each of a project's subjects without a live code one (a unique code; drawn again on a clash). */
async function ensureCodes(db: Db, projectId: string) {
  const missing = await matchingSubjectIds(
    db,
    projectId,
    sql<SqlBool>`NOT EXISTS (SELECT 1 FROM family_access_codes c WHERE c.subject_id = s.id AND c.revoked_at IS NULL)`,
  );
  await giveCodes(db, missing);
}

export async function listCodes(ctx: AppContext, request: FastifyRequest, projectId: string, q: Paging) {
  const project = await findProject(request.access, projectId);
  await ensureCodes(ctx.db, project.id);
  const base = ctx.db
    .selectFrom('family_access_codes as c')
    .innerJoin('subjects as s', 's.id', 'c.subject_id')
    .where('s.project_id', '=', project.id)
    .where('c.revoked_at', 'is', null);
  const [rows, total] = await Promise.all([
    base
      .select([
        'c.subject_id',
        'c.code',
        'c.created_at',
        sql<number>`(SELECT count(*)::int FROM guardian_links l WHERE l.subject_id = c.subject_id)`.as(
          'guardians',
        ),
      ])
      .orderBy('c.subject_id')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    family_codes: rows.map((r) => ({
      subject_id: r.subject_id,
      code: printedCode(r.code),
      created_at: r.created_at.toISOString(),
      guardians_count: r.guardians,
    })),
    meta: { page: q.page, limit: q.limit, total: total.n },
  };
}

/** New codes for a selection: the old ones stop working at once (claims made with them stay). */
export async function issueCodes(
  ctx: AppContext,
  request: FastifyRequest,
  projectId: string,
  selection: SubjectSelection,
) {
  const pf = await loadProjectFields(request.access, sessionOf(request), projectId);
  const { subject_ids = [] } = await resolveSelection(ctx.db, pf, selection, true);
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < subject_ids.length; i += 1000) {
      await trx
        .updateTable('family_access_codes')
        .set({ revoked_at: sql`now()` })
        .where('subject_id', 'in', subject_ids.slice(i, i + 1000))
        .where('revoked_at', 'is', null)
        .execute();
    }
    await giveCodes(trx, subject_ids);
  });
  return subject_ids.length;
}
