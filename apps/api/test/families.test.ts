import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { runRetentionSweep } from '../src/jobs/retention.js';
import { proofKeyOf } from '../src/modules/families/proofs.js';
import { GUARDIAN_RETENTION_DAYS } from '../src/modules/families/retention.js';
import { renditionKey } from '../src/modules/photos/service.js';
import { createTestApp, eventually, type TestApp } from './support/app.js';
import { bearer, injectAs, projectThroughApi, ROSTER_FIELDS, signInAll } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { insertId, insertSubject, readyPhotoRow } from './support/rows.js';
import { type SmtpPeer, startSmtpPeer } from './support/smtp.js';
import { buildWorld, type World } from './support/world.js';

/**
 * Families against the real server: codes, claims through the SMTP peer, the family token kept apart from
 * organization tokens, a guardian's reach (its own children only), the pose deadline and the opt-out queue.
 */
let t: TestApp;
let smtp: SmtpPeer;
let w: World;
let tokens: Record<string, string>;
const PUBLIC_URL = 'https://portal.example.test';

interface Child {
  id: string;
  photos: string[];
  code: string;
}
let projectA: { id: string; fields: Record<string, string> };
let projectB: { id: string; fields: Record<string, string> };
const kids: Record<'ava' | 'ben' | 'cleo', Child> = {} as never;
let albumA: string;

let addressCount = 0;
/** A client address of its own, so that one test's claims never spend another's allowance. */
const newAddress = () => `203.0.113.${++addressCount}`;

const claim = (body: object, remoteAddress = newAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/family/claims', payload: { claim: body }, remoteAddress });

async function addPhoto(projectId: string, subjectId: string, albumId: string) {
  const base = `org-test/projects/${projectId}/photos/${randomBytes(8).toString('hex')}`;
  const photo = await insertId(
    t.ctx.db,
    'photos',
    readyPhotoRow({ album_id: albumId, storage_key: `${base}/original`, upload_file_name: 'p.jpg' }),
  );
  const jpeg = await makeJpeg(2000, 1500);
  await t.ctx.storage.put(`${base}/original`, jpeg, 'image/jpeg');
  await t.ctx.storage.put(renditionKey(base, 'large'), jpeg, 'image/jpeg');
  await insertId(t.ctx.db, 'subject_photo_assignments', { subject_id: subjectId, photo_id: photo });
  await insertId(t.ctx.db, 'photo_crops', {
    photo_id: photo,
    name: 'Yearbook',
    is_default: true,
    x: 0.25,
    y: 0.1,
    width: 0.5,
    height: 0.8,
  });
  return photo;
}

async function codesOf(projectId: string): Promise<Record<string, string>> {
  const res = await injectAs(t.app, tokens.studioManager!, 'GET', `/api/projects/${projectId}/family-codes`);
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(
    (res.json().family_codes as { subject_id: string; code: string }[]).map((c) => [c.subject_id, c.code]),
  );
}

/** The sign-in link's token of the newest family e-mail to `email`. */
async function linkTokenFor(email: string, after = 0): Promise<string> {
  const mail = await eventually(async () =>
    smtp.messages
      .slice(after)
      .find((m) => (m.to as { text: string }).text === email && m.text?.includes('/family/sign-in#token=')),
  );
  return /\/family\/sign-in#token=([A-Za-z0-9_-]+)/.exec(mail.text!)![1]!;
}

/** A guardian signed in for `child` (claim, e-mailed link, session): its family token. */
async function guardianOf(child: Child, lastName: string, email: string): Promise<string> {
  await t.ctx.db.deleteFrom('request_limits').where('bucket', 'like', 'family.%').execute();
  const before = smtp.messages.length;
  expect((await claim({ code: child.code, last_name: lastName, email })).statusCode).toBe(202);
  const token = await linkTokenFor(email, before);
  const session = await t.app.inject({ method: 'POST', url: '/api/family/sessions', payload: { token } });
  expect(session.statusCode).toBe(201);
  return session.json().family_session.token;
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL });
  w = await buildWorld(t.ctx.db);
  tokens = await signInAll(t.app, w.users, [
    'studioManager',
    'schoolStaff',
    'memberSchoolB',
    'foreignManager',
  ]);
  projectA = await projectThroughApi(t.app, tokens.studioManager!, {
    name: 'Fall 2026',
    organizationId: w.orgs.schoolA1.id,
    templateOrganizationId: w.orgs.studioA.id,
    fields: [...ROSTER_FIELDS, { label: 'Studio Secret', visible_to_customers: false }],
  });
  projectB = await projectThroughApi(t.app, tokens.foreignManager!, {
    name: 'Other school',
    organizationId: w.orgs.schoolB.id,
    templateOrganizationId: w.orgs.studioB.id,
    fields: ROSTER_FIELDS,
  });
  const values = (first: string, last: string, id: string) => ({
    student_id: id,
    first_name: first,
    last_name: last,
    grade: '3',
    teacher: 'Ms. Hill',
    'Studio Secret': 'CANARY-SECRET',
  });
  const ava = await insertSubject(t.ctx.db, projectA.id, projectA.fields, values('Ava', 'Rivera', '1001'));
  const ben = await insertSubject(t.ctx.db, projectA.id, projectA.fields, values('Ben', 'Stone', '1002'));
  const cleo = await insertSubject(t.ctx.db, projectB.id, projectB.fields, {
    student_id: '2001',
    first_name: 'Cleo',
    last_name: 'Marsh',
  });
  albumA = await insertId(t.ctx.db, 'albums', {
    name: 'Picture day',
    parent_resource_type: 'Project',
    parent_resource_id: projectA.id,
  });
  const albumB = await insertId(t.ctx.db, 'albums', {
    name: 'Picture day',
    parent_resource_type: 'Project',
    parent_resource_id: projectB.id,
  });
  kids.ava = {
    id: ava,
    photos: [await addPhoto(projectA.id, ava, albumA), await addPhoto(projectA.id, ava, albumA)],
    code: '',
  };
  kids.ben = { id: ben, photos: [await addPhoto(projectA.id, ben, albumA)], code: '' };
  kids.cleo = { id: cleo, photos: [await addPhoto(projectB.id, cleo, albumB)], code: '' };
  const codesA = await codesOf(projectA.id);
  kids.ava.code = codesA[ava]!;
  kids.ben.code = codesA[ben]!;
  const codesB = await injectAs(
    t.app,
    tokens.foreignManager!,
    'GET',
    `/api/projects/${projectB.id}/family-codes`,
  );
  kids.cleo.code = codesB.json().family_codes[0].code;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});
// Each test starts with fresh claim windows (the brute-force test spends them on purpose).
beforeEach(async () => {
  await t.ctx.db.deleteFrom('request_limits').where('bucket', 'like', 'family.%').execute();
});

describe('access codes', () => {
  test('each child has a code of 50 random bits in an alphabet without O/0/I/1, never its Student ID; a new one ends the old', async () => {
    for (const kid of Object.values(kids)) {
      expect(kid.code).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
      expect(kid.code.replace('-', '')).toMatch(/[A-Z]/);
    }
    expect(new Set(Object.values(kids).map((k) => k.code)).size).toBe(3);
    // The school does not list codes (the studio prints the notices).
    const school = await injectAs(
      t.app,
      tokens.schoolStaff!,
      'GET',
      `/api/projects/${projectA.id}/family-codes`,
    );
    expect(school.statusCode).toBe(403);

    const extra = await insertSubject(t.ctx.db, projectA.id, projectA.fields, {
      first_name: 'Dana',
      last_name: 'Reyes',
    });
    const old = (await codesOf(projectA.id))[extra]!;
    const issued = await injectAs(
      t.app,
      tokens.studioManager!,
      'POST',
      `/api/projects/${projectA.id}/family-codes`,
      {
        selection: { included_subject_ids: [extra] },
      },
    );
    expect(issued.statusCode).toBe(200);
    expect(issued.json().family_codes.issued).toBe(1);
    const renewed = (await codesOf(projectA.id))[extra]!;
    expect(renewed).not.toBe(old);
    // The old code matches nothing any more: no e-mail.
    const before = smtp.messages.length;
    expect(
      (await claim({ code: old, last_name: 'Reyes', email: 'dana.parent@example.test' })).statusCode,
    ).toBe(202);
    expect(
      (await claim({ code: renewed, last_name: 'Reyes', email: 'dana.parent@example.test' })).statusCode,
    ).toBe(202);
    await linkTokenFor('dana.parent@example.test', before);
    await new Promise((r) => setTimeout(r, 300));
    expect(
      smtp.messages
        .slice(before)
        .filter((m) => (m.to as { text: string }).text === 'dana.parent@example.test'),
    ).toHaveLength(1);
  });
});

describe('claiming a child', () => {
  test('the same 202 whether or not code and name match; the e-mailed link signs in once; every e-mail can unsubscribe', async () => {
    const email = 'rivera.parent@example.test';
    const before = smtp.messages.length;
    const wrongName = await claim({ code: kids.ava.code, last_name: 'Stone', email });
    const unknownCode = await claim({ code: 'ZZZZZ-ZZZZZ', last_name: 'Rivera', email });
    const matched = await claim({
      code: kids.ava.code.toLowerCase(),
      last_name: ' rivera ',
      email: email.toUpperCase(),
    });
    for (const res of [wrongName, unknownCode, matched]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({});
    }
    const token = await linkTokenFor(email, before);
    const mail = smtp.messages.slice(before).find((m) => m.text?.includes(token))!;
    expect(mail.text).toContain(`${PUBLIC_URL}/family/sign-in#token=${token}`);
    expect(mail.text).toMatch(/within 15 minutes/);
    expect(mail.text).toContain(`${PUBLIC_URL}/family/unsubscribe`);
    expect(mail.text).not.toContain('Ava');
    // Only the matched claim sent anything.
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.slice(before).filter((m) => (m.to as { text: string }).text === email)).toHaveLength(
      1,
    );

    const signIn = () => t.app.inject({ method: 'POST', url: '/api/family/sessions', payload: { token } });
    const first = await signIn();
    expect(first.statusCode).toBe(201);
    const session = first.json().family_session;
    expect(session.guardian).toEqual({ email, notify_photos_ready: false });
    expect((await signIn()).statusCode).toBe(404);

    const children = await t.app.inject({ url: '/api/family/children', headers: bearer(session.token) });
    expect(children.statusCode).toBe(200);
    expect(children.json().children).toEqual([
      {
        id: kids.ava.id,
        first_name: 'Ava',
        last_name: 'Rivera',
        class: '3 · Ms. Hill',
        yearbook_pose: { open: false, deadline: null, photo_id: null, chosen_by_guardian: false },
      },
    ]);
    expect(children.body).not.toContain('1001');
    expect(children.body).not.toContain('CANARY');
    expect(children.body).not.toContain('School A1');

    // The school's trail has the sign-in; the school sees who claimed.
    const guardians = await injectAs(
      t.app,
      tokens.schoolStaff!,
      'GET',
      `/api/projects/${projectA.id}/guardians`,
    );
    expect(guardians.json().guardians).toEqual([
      expect.objectContaining({ subject_id: kids.ava.id, email, last_signed_in_at: expect.any(String) }),
    ]);
    const trail = await t.ctx.db
      .selectFrom('audit_events')
      .select(['action', 'details', 'owner_organization_id'])
      .where('action', '=', 'family.sign_in')
      .where('record_id', '=', kids.ava.id)
      .execute();
    expect(trail).toHaveLength(1);
    expect(trail[0]!.owner_organization_id).toBe(w.orgs.schoolA1.id);

    // Photos-ready e-mails on request; the unsubscribe link of an e-mail turns them off.
    const on = await t.app.inject({
      method: 'PATCH',
      url: '/api/family/me',
      headers: bearer(session.token),
      payload: { guardian: { notify_photos_ready: true } },
    });
    expect(on.json().guardian.notify_photos_ready).toBe(true);
    const again = smtp.messages.length;
    await claim({ code: kids.ava.code, last_name: 'Rivera', email });
    await linkTokenFor(email, again);
    const second = smtp.messages.slice(again).find((m) => (m.to as { text: string }).text === email)!;
    const unsubscribe = /\/family\/unsubscribe#token=([A-Za-z0-9_-]+)/.exec(second.text!)![1]!;
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/family/unsubscribe',
      payload: { token: unsubscribe },
    });
    expect(off.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/family/me', headers: bearer(session.token) });
    expect(me.json().guardian.notify_photos_ready).toBe(false);
    const bogus = await t.app.inject({
      method: 'POST',
      url: '/api/family/unsubscribe',
      payload: { token: 'x'.repeat(43) },
    });
    expect(bogus.statusCode).toBe(404);
  });

  test('an expired link signs nobody in', async () => {
    const email = 'late.parent@example.test';
    const before = smtp.messages.length;
    await claim({ code: kids.ben.code, last_name: 'Stone', email });
    const token = await linkTokenFor(email, before);
    await t.ctx.db
      .updateTable('family_sign_in_links')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    const res = await t.app.inject({ method: 'POST', url: '/api/family/sessions', payload: { token } });
    expect(res.statusCode).toBe(404);
  });

  test('a code takes at most four guardians', async () => {
    for (let i = 1; i <= 4; i++) await guardianOf(kids.ben, 'Stone', `ben.guardian${i}@example.test`);
    const before = smtp.messages.length;
    const fifth = await claim({
      code: kids.ben.code,
      last_name: 'Stone',
      email: 'ben.guardian5@example.test',
    });
    expect(fifth.statusCode).toBe(202);
    await new Promise((r) => setTimeout(r, 500));
    expect(
      smtp.messages
        .slice(before)
        .filter((m) => (m.to as { text: string }).text === 'ben.guardian5@example.test'),
    ).toHaveLength(0);
    const { n } = await t.ctx.db
      .selectFrom('guardian_links')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('subject_id', '=', kids.ben.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(4);
  });

  test('brute force of codes answers 429 with Retry-After: per client address, per code, per e-mail', async () => {
    const address = newAddress();
    const random = () => `${randomBytes(4).toString('hex').toUpperCase()}XY`.replace(/[01IO]/g, 'Z');
    let limited: Awaited<ReturnType<typeof claim>> | undefined;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await claim(
        { code: random(), last_name: 'Rivera', email: `guess${i}@example.test` },
        address,
      );
      if (res.statusCode === 429) limited = res;
      else expect(res.statusCode).toBe(202);
    }
    expect(limited?.statusCode).toBe(429);
    expect(Number(limited!.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited!.json()).toEqual({ error: 'too_many_requests' });

    // One code from many addresses and e-mails: the code's own window.
    let perCode = 0;
    for (let i = 0; i < 8; i++) {
      const res = await claim({ code: kids.cleo.code, last_name: `Guess${i}`, email: `x${i}@example.test` });
      if (res.statusCode === 429) perCode++;
    }
    expect(perCode).toBeGreaterThan(0);
    // The right name on a code under attack is refused too, until the window ends: no e-mail.
    const held = await claim({ code: kids.cleo.code, last_name: 'Marsh', email: 'marsh@example.test' });
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);

    // One e-mail address trying many codes from many addresses.
    let perEmail = 0;
    for (let i = 0; i < 8; i++) {
      const res = await claim({ code: random(), last_name: 'Rivera', email: 'one@example.test' });
      if (res.statusCode === 429) perEmail++;
    }
    expect(perEmail).toBeGreaterThan(0);
  });

  test('bad input is a field error, not a 500', async () => {
    const res = await claim({ code: '', last_name: 'x', email: 'not-an-address' });
    expect(res.statusCode).toBe(422);
    const missing = await t.app.inject({ method: 'POST', url: '/api/family/claims', payload: {} });
    expect([400, 422]).toContain(missing.statusCode);
  });
});

describe('a guardian reaches its own children only', () => {
  let ava: string;
  beforeAll(async () => {
    ava = await guardianOf(kids.ava, 'Rivera', 'ava.only@example.test');
    // The other children are claimed too, by someone else: a lookup that forgot whose claim it is would
    // find them.
    const other = await insertId(t.ctx.db, 'guardians', { email: 'other.family@example.test' });
    for (const kid of [kids.ben, kids.cleo]) {
      const code = await t.ctx.db
        .selectFrom('family_access_codes')
        .select('id')
        .where('subject_id', '=', kid.id)
        .where('revoked_at', 'is', null)
        .executeTakeFirstOrThrow();
      await insertId(t.ctx.db, 'guardian_links', {
        guardian_id: other,
        subject_id: kid.id,
        access_code_id: code.id,
      });
    }
  });

  test("another child's record, photos, pose, requests, proofs and code answer 404", async () => {
    const as = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(ava), ...(payload ? { payload } : {}) });
    for (const other of [kids.ben, kids.cleo]) {
      const answers = [
        await as('GET', `/api/family/children/${other.id}`),
        await as('GET', `/api/family/children/${other.id}/photos`),
        await as('GET', `/api/family/children/${other.id}/opt-out-requests`),
        await as('PUT', `/api/family/children/${other.id}/yearbook-pose`, { photo_id: other.photos[0] }),
        await as('POST', `/api/family/children/${other.id}/opt-out-requests`, { yearbook_opt_out: true }),
      ];
      for (const res of answers) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'not_found' });
      }
    }
    for (const id of ['abc', '0', '99999999', '1e3', `${kids.ava.id}-1`]) {
      expect((await as('GET', `/api/family/children/${id}`)).statusCode).toBe(404);
    }
    // Another child's photo as the pose of one's own: not one of the child's photos.
    const foreignPose = await as('PUT', `/api/family/children/${kids.ava.id}/yearbook-pose`, {
      photo_id: kids.ben.photos[0],
    });
    expect([404, 409, 422]).toContain(foreignPose.statusCode);

    // Signed addresses: the child's grant with another child's photo, a forged grant, an expired one.
    const gallery = await as('GET', `/api/family/children/${kids.ava.id}/photos`);
    expect(gallery.statusCode).toBe(200);
    const [first] = gallery.json().photos as { id: string; proof_url: string }[];
    const grant = /\/api\/family\/proofs\/([^/]+)\//.exec(first!.proof_url)![1]!;
    for (const photo of [kids.ben.photos[0], kids.cleo.photos[0]]) {
      const res = await t.app.inject({ url: `/api/family/proofs/${grant}/${photo}` });
      expect(res.statusCode).toBe(404);
    }
    const forged = await t.app.inject({ url: `/api/family/proofs/${'A'.repeat(43)}/${first!.id}` });
    expect(forged.statusCode).toBe(404);
    // Organization tokens do not open family routes, nor a family token the studio's photo routes.
    const benPhoto = await t.app.inject({ url: `/api/photos/${kids.ben.photos[0]}`, headers: bearer(ava) });
    expect(benPhoto.statusCode).toBe(401);
    const codes = await as('GET', `/api/projects/${projectA.id}/family-codes`);
    expect(codes.statusCode).toBe(401);

    // Nothing any family route answers carries a code, a Student ID or a hidden value.
    const all = [
      await as('GET', '/api/family/children'),
      await as('GET', `/api/family/children/${kids.ava.id}`),
      gallery,
      await as('GET', '/api/family/me'),
    ];
    for (const res of all) {
      for (const secret of [
        kids.ava.code,
        kids.ava.code.replace('-', ''),
        kids.ben.code,
        '1001',
        'CANARY',
        'Ben',
        'Stone',
      ]) {
        expect(res.body).not.toContain(secret);
      }
    }
  });

  test('a proof is at most 1,200 px, marked, not indexable, never the original; it expires', async () => {
    const gallery = await t.app.inject({
      url: `/api/family/children/${kids.ava.id}/photos`,
      headers: bearer(ava),
    });
    const body = gallery.json();
    expect(body.photos).toHaveLength(2);
    expect(body.photos[0]).toMatchObject({
      season: 'current',
      crop: { x: 0.25, y: 0.1, width: 0.5, height: 0.8 },
      is_yearbook_pose: false,
    });
    const proof = await t.app.inject({ url: body.photos[0].proof_url });
    expect(proof.statusCode).toBe(200);
    expect(proof.headers['content-type']).toBe('image/jpeg');
    expect(proof.headers['x-robots-tag']).toMatch(/noindex/);
    const meta = await sharp(proof.rawPayload).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1200);
    const original = await t.ctx.storage.read(
      (
        await t.ctx.db
          .selectFrom('photos')
          .select('storage_key')
          .where('id', '=', body.photos[0].id)
          .executeTakeFirstOrThrow()
      ).storage_key,
    );
    expect(proof.rawPayload.equals(original)).toBe(false);
    // The mark: the proof differs visibly from a plain downscale of the same photo.
    const plain = await sharp(original).resize(1200, 1200, { fit: 'inside' }).raw().toBuffer();
    const marked = await sharp(proof.rawPayload).raw().toBuffer();
    let brighter = 0;
    for (let i = 0; i < Math.min(plain.length, marked.length); i += 3)
      if (marked[i]! > plain[i]! + 40) brighter++;
    expect(brighter).toBeGreaterThan(1000);

    // Rendered once and kept: a source changed under it is not read again, until the crop changes.
    const photoId = body.photos[0].id as string;
    const { storage_key } = await t.ctx.db
      .selectFrom('photos')
      .select('storage_key')
      .where('id', '=', photoId)
      .executeTakeFirstOrThrow();
    const large = renditionKey(storage_key.replace(/\/original$/, ''), 'large');
    const source = await t.ctx.storage.read(large);
    const black = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    await t.ctx.storage.put(large, black, 'image/jpeg');
    const again = await t.app.inject({ url: body.photos[0].proof_url });
    expect(again.rawPayload.equals(proof.rawPayload)).toBe(true);
    const photoRow = await t.ctx.db
      .selectFrom('photos')
      .select(['storage_key', 'master_width', 'renditions_ready_at'])
      .where('id', '=', photoId)
      .executeTakeFirstOrThrow();
    const crop = { x: 0.25, y: 0.1, width: 0.5, height: 0.8 };
    const firstProof = proofKeyOf(photoRow, crop).key;
    expect(await t.ctx.storage.head(firstProof)).not.toBeNull();
    await t.ctx.db.updateTable('photo_crops').set({ x: 0.2 }).where('photo_id', '=', photoId).execute();
    const recropped = await t.app.inject({ url: body.photos[0].proof_url });
    expect(recropped.statusCode).toBe(200);
    expect((await sharp(recropped.rawPayload).metadata()).width).toBe(400);
    // The new crop's proof replaced the old one in storage.
    const secondProof = proofKeyOf(photoRow, { ...crop, x: 0.2 }).key;
    expect(secondProof).not.toBe(firstProof);
    expect(await t.ctx.storage.head(secondProof)).not.toBeNull();
    expect(await t.ctx.storage.head(firstProof)).toBeNull();
    await t.ctx.db.updateTable('photo_crops').set({ x: 0.25 }).where('photo_id', '=', photoId).execute();
    await t.ctx.storage.put(large, source, 'image/jpeg');

    await t.ctx.db
      .updateTable('family_gallery_grants')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect((await t.app.inject({ url: body.photos[0].proof_url })).statusCode).toBe(404);
  });

  test('a family token on an organization route is 401, and an organization token on a family route', async () => {
    const concrete = (url: string) => url.replace(/:\w+/g, '1');
    const routes = t.app.routeActions().filter((r) => r.action !== 'public' && !r.url.includes('*'));
    const family = routes.filter((r) => r.url.startsWith('/api/family/'));
    const organization = routes.filter((r) => !r.url.startsWith('/api/family/'));
    expect(family.length).toBeGreaterThanOrEqual(7);
    expect(organization.length).toBeGreaterThan(100);
    for (const r of organization) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: bearer(ava),
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
    for (const r of family) {
      for (const token of [tokens.schoolStaff!, tokens.studioManager!]) {
        const res = await t.app.inject({
          method: r.method as 'GET',
          url: concrete(r.url),
          headers: bearer(token),
        });
        expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      }
      const none = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url) });
      expect(none.statusCode).toBe(401);
    }
  });

  test('a guardian the school removes no longer reaches the child', async () => {
    const gone = await guardianOf(kids.ava, 'Rivera', 'removed.parent@example.test');
    const gallery = await t.app.inject({
      url: `/api/family/children/${kids.ava.id}/photos`,
      headers: bearer(gone),
    });
    const proofUrl = gallery.json().photos[0].proof_url;
    const list = await injectAs(t.app, tokens.schoolStaff!, 'GET', `/api/projects/${projectA.id}/guardians`);
    const link = (list.json().guardians as { id: string; email: string }[]).find(
      (g) => g.email === 'removed.parent@example.test',
    )!;
    // Another school's staff: 404.
    expect(
      (await injectAs(t.app, tokens.memberSchoolB!, 'DELETE', `/api/guardian-links/${link.id}`)).statusCode,
    ).toBe(404);
    const removed = await injectAs(t.app, tokens.schoolStaff!, 'DELETE', `/api/guardian-links/${link.id}`);
    expect(removed.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: `/api/family/children/${kids.ava.id}`, headers: bearer(gone) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: proofUrl })).statusCode).toBe(404);
    const children = await t.app.inject({ url: '/api/family/children', headers: bearer(gone) });
    expect(children.json().children).toEqual([]);
  });
});

describe('yearbook pose', () => {
  test('chosen before the deadline it becomes the yearbook photo, chosen by a guardian; locked after; off without a deadline', async () => {
    const family = await guardianOf(kids.ava, 'Rivera', 'pose.parent@example.test');
    const pose = (photo_id: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/family/children/${kids.ava.id}/yearbook-pose`,
        headers: bearer(family),
        payload: { photo_id },
      });
    // No deadline: the studio has not turned the choice on.
    expect((await pose(kids.ava.photos[1]!)).statusCode).toBe(409);

    const setDeadline = (family_pose_deadline: string | null) =>
      injectAs(t.app, tokens.studioManager!, 'PATCH', `/api/projects/${projectA.id}`, {
        project: { family_pose_deadline },
      });
    const open = await setDeadline(new Date(Date.now() + 86_400_000).toISOString());
    expect(open.statusCode).toBe(200);
    expect(open.json().project.family_pose_deadline).toEqual(expect.any(String));
    // The school may not set the deadline (a studio's setting).
    const schoolTry = await injectAs(t.app, tokens.schoolStaff!, 'PATCH', `/api/projects/${projectA.id}`, {
      project: { family_pose_deadline: null },
    });
    expect(schoolTry.statusCode).toBe(403);

    const chosen = await pose(kids.ava.photos[1]!);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().child.yearbook_pose).toMatchObject({
      open: true,
      photo_id: kids.ava.photos[1],
      chosen_by_guardian: true,
    });
    const subject = await injectAs(t.app, tokens.schoolStaff!, 'GET', `/api/subjects/${kids.ava.id}`);
    expect(subject.json().subject.yearbook_photo_id).toBe(kids.ava.photos[1]);
    const choices = await injectAs(
      t.app,
      tokens.schoolStaff!,
      'GET',
      `/api/projects/${projectA.id}/family-pose-choices`,
    );
    expect(choices.json().family_pose_choices).toEqual([
      expect.objectContaining({
        subject_id: kids.ava.id,
        photo_id: kids.ava.photos[1],
        chosen_by_guardian: true,
        current: true,
      }),
    ]);
    const trail = await t.ctx.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'family.pose_choice')
      .where('record_id', '=', kids.ava.id)
      .execute();
    expect(trail).toHaveLength(1);

    await setDeadline(new Date(Date.now() - 1000).toISOString());
    const late = await pose(kids.ava.photos[0]!);
    expect(late.statusCode).toBe(409);
    expect(late.json().errors.photo_id[0]).toMatch(/can no longer be chosen/);
    const after = await injectAs(t.app, tokens.schoolStaff!, 'GET', `/api/subjects/${kids.ava.id}`);
    expect(after.json().subject.yearbook_photo_id).toBe(kids.ava.photos[1]);

    await setDeadline(null);
    expect((await pose(kids.ava.photos[0]!)).statusCode).toBe(409);
  });
});

describe('opt-out requests', () => {
  test('approval sets the consent flag with a trail row naming the guardian; the studio may not decide; a decided request stays', async () => {
    const family = await guardianOf(kids.ava, 'Rivera', 'optout.parent@example.test');
    const ask = await t.app.inject({
      method: 'POST',
      url: `/api/family/children/${kids.ava.id}/opt-out-requests`,
      headers: bearer(family),
      payload: { yearbook_opt_out: true },
    });
    expect(ask.statusCode).toBe(201);
    expect(ask.json().opt_out_request).toMatchObject({
      state: 'pending',
      yearbook_opt_out: true,
      directory_opt_out: false,
    });
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/family/children/${kids.ava.id}/opt-out-requests`,
      headers: bearer(family),
      payload: {},
    });
    expect(empty.statusCode).toBe(422);

    const queue = await injectAs(
      t.app,
      tokens.schoolStaff!,
      'GET',
      `/api/projects/${projectA.id}/opt-out-requests?state=pending`,
    );
    expect(queue.statusCode).toBe(200);
    const pending = (queue.json().opt_out_requests as { id: string; guardian_email: string }[]).find(
      (r) => r.guardian_email === 'optout.parent@example.test',
    )!;
    expect(pending).toBeDefined();
    const decide = (token: string, state: string) =>
      injectAs(t.app, token, 'PATCH', `/api/opt-out-requests/${pending.id}`, { opt_out_request: { state } });
    expect((await decide(tokens.studioManager!, 'approved')).statusCode).toBe(403);
    expect((await decide(tokens.memberSchoolB!, 'approved')).statusCode).toBe(404);

    const approved = await decide(tokens.schoolStaff!, 'approved');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().opt_out_request).toMatchObject({
      state: 'approved',
      decided_by: { id: w.users.schoolStaff!.id },
    });
    const subject = await injectAs(t.app, tokens.schoolStaff!, 'GET', `/api/subjects/${kids.ava.id}`);
    expect(subject.json().subject.yearbook_opt_out).toBe(true);
    expect(subject.json().subject.directory_opt_out).toBe(false);
    const guardian = await t.ctx.db
      .selectFrom('guardians')
      .select('id')
      .where('email', '=', 'optout.parent@example.test')
      .executeTakeFirstOrThrow();
    const trail = await t.ctx.db
      .selectFrom('audit_events')
      .select(['user_id', 'details'])
      .where('action', '=', 'subject.consent_change')
      .where('record_id', '=', kids.ava.id)
      .execute();
    expect(trail).toEqual([
      {
        user_id: w.users.schoolStaff!.id,
        details: expect.objectContaining({
          via: 'family_request',
          guardian_id: guardian.id,
          opt_out_request_id: pending.id,
          yearbook_opt_out: true,
        }),
      },
    ]);
    expect((await decide(tokens.schoolStaff!, 'declined')).statusCode).toBe(409);

    const mine = await t.app.inject({
      url: `/api/family/children/${kids.ava.id}/opt-out-requests`,
      headers: bearer(family),
    });
    expect(mine.json().opt_out_requests[0]).toMatchObject({ state: 'approved' });
  });

  test('where the school says so, a request applies at once', async () => {
    const studio = await injectAs(
      t.app,
      tokens.studioManager!,
      'PATCH',
      `/api/projects/${projectA.id}/family-settings`,
      {
        family_settings: { family_opt_outs_apply_at_once: true },
      },
    );
    expect(studio.statusCode).toBe(403);
    const set = await injectAs(
      t.app,
      tokens.schoolStaff!,
      'PATCH',
      `/api/projects/${projectA.id}/family-settings`,
      {
        family_settings: { family_opt_outs_apply_at_once: true },
      },
    );
    expect(set.statusCode).toBe(200);
    expect(set.json().family_settings.family_opt_outs_apply_at_once).toBe(true);
    const fay = await insertSubject(t.ctx.db, projectA.id, projectA.fields, {
      first_name: 'Fay',
      last_name: 'Lund',
    });
    const code = (await codesOf(projectA.id))[fay]!;
    const family = await guardianOf({ id: fay, code, photos: [] }, 'Lund', 'atonce.parent@example.test');
    const ask = await t.app.inject({
      method: 'POST',
      url: `/api/family/children/${fay}/opt-out-requests`,
      headers: bearer(family),
      payload: { directory_opt_out: true },
    });
    expect(ask.json().opt_out_request.state).toBe('approved');
    const subject = await injectAs(t.app, tokens.schoolStaff!, 'GET', `/api/subjects/${fay}`);
    expect(subject.json().subject.directory_opt_out).toBe(true);
    await injectAs(t.app, tokens.schoolStaff!, 'PATCH', `/api/projects/${projectA.id}/family-settings`, {
      family_settings: { family_opt_outs_apply_at_once: false },
    });
  });
});

describe('deleting a subject', () => {
  test('deletes its guardian links and codes', async () => {
    const kid = await insertSubject(t.ctx.db, projectA.id, projectA.fields, {
      first_name: 'Eli',
      last_name: 'Park',
    });
    const code = (await codesOf(projectA.id))[kid]!;
    await guardianOf({ id: kid, code, photos: [] }, 'Park', 'park.parent@example.test');
    const res = await injectAs(t.app, tokens.studioManager!, 'DELETE', `/api/subjects/${kid}`);
    expect(res.statusCode).toBe(200);
    const codes = await t.ctx.db
      .selectFrom('family_access_codes')
      .select('id')
      .where('subject_id', '=', kid)
      .execute();
    const links = await t.ctx.db
      .selectFrom('guardian_links')
      .select('id')
      .where('subject_id', '=', kid)
      .execute();
    expect(codes).toEqual([]);
    expect(links).toEqual([]);
  });
});

describe('photos are ready', () => {
  /** A child of project A with a guardian who asked for the e-mail, and that e-mail once a batch applies. */
  async function photosReadyMail(firstName: string, email: string, quietEmail?: string) {
    const kid = await insertSubject(t.ctx.db, projectA.id, projectA.fields, {
      first_name: firstName,
      last_name: 'Okafor',
      'Studio Secret': 'CANARY-SECRET',
    });
    const code = (await codesOf(projectA.id))[kid]!;
    const asked = await guardianOf({ id: kid, code, photos: [] }, 'Okafor', email);
    if (quietEmail) await guardianOf({ id: kid, code, photos: [] }, 'Okafor', quietEmail);
    await t.app.inject({
      method: 'PATCH',
      url: '/api/family/me',
      headers: bearer(asked),
      payload: { guardian: { notify_photos_ready: true } },
    });
    const photo = await addPhoto(projectA.id, kid, albumA);
    await t.ctx.db.deleteFrom('subject_photo_assignments').where('photo_id', '=', photo).execute();
    const batch = await insertId(t.ctx.db, 'photo_batches', {
      project_id: projectA.id,
      album_id: albumA,
      name: 'Retakes',
      match_by: 'file_name',
      state: 'applying',
      created_by_user_id: null,
    });
    await insertId(t.ctx.db, 'photo_batch_items', {
      photo_batch_id: batch,
      photo_id: photo,
      file_name: `${firstName}.jpg`,
      byte_size: 100,
      state: 'matched',
      subject_id: kid,
      sequence: 1,
    });
    const before = smtp.messages.length;
    await t.ctx.queue.enqueue('photo-batches.apply', { photo_batch_id: batch });
    const mail = await eventually(
      async () =>
        smtp.messages.slice(before).find((m) => m.subject === `${firstName}’s school photos are ready`),
      30_000,
    );
    return { kid, asked, mail, before };
  }
  const notified = async (token: string) =>
    (await t.app.inject({ url: '/api/family/me', headers: bearer(token) })).json().guardian
      .notify_photos_ready as boolean;

  test('applying a batch e-mails the guardians who asked for it: the first name, a link, an unsubscribe', async () => {
    const {
      kid: gus,
      asked,
      mail,
      before,
    } = await photosReadyMail('Gus', 'asked.parent@example.test', 'quiet.parent@example.test');
    expect((mail.to as { text: string }).text).toBe('asked.parent@example.test');
    expect(mail.text).toContain(`${PUBLIC_URL}/family?child=${gus}`);
    expect(mail.text).not.toContain('Okafor');
    expect(mail.text).not.toContain('CANARY');
    const unsubscribe = /\/family\/unsubscribe#token=([A-Za-z0-9_-]+)/.exec(mail.text!)![1]!;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/family/unsubscribe',
          payload: { token: unsubscribe },
        })
      ).statusCode,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 500));
    expect(
      smtp.messages
        .slice(before)
        .filter((m) => (m.to as { text: string }).text === 'quiet.parent@example.test'),
    ).toHaveLength(0);
    expect(await notified(asked)).toBe(false);
  });

  test("the e-mail carries one-click unsubscribe (RFC 8058): the provider's POST, as a form of either kind, stops the e-mails", async () => {
    for (const [name, form] of [
      ['Hana', 'multipart'],
      ['Ivo', 'urlencoded'],
    ] as const) {
      const { asked, mail } = await photosReadyMail(name, `${name.toLowerCase()}.parent@example.test`);
      // The header lines as sent (a provider reads these, not a parser's summary of them).
      const header = (key: string) =>
        mail.headerLines
          .find((l) => l.key === key)
          ?.line.slice(key.length + 1)
          .replace(/\s+/g, ' ')
          .trim();
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const address = /^<(https:[^>]+)>$/.exec(header('list-unsubscribe') ?? '')?.[1] ?? '';
      expect(address).toMatch(
        new RegExp(`^${PUBLIC_URL}/api/family/unsubscribe/one-click\\?token=[A-Za-z0-9_-]{20,}$`),
      );
      const url = address.slice(PUBLIC_URL.length);
      const boundary = 'provider-boundary';
      const post = (target: string) =>
        t.app.inject({
          method: 'POST',
          url: target,
          ...(form === 'multipart'
            ? {
                headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
                payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
              }
            : {
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                payload: 'List-Unsubscribe=One-Click',
              }),
        });
      // A token no message carried changes nothing.
      expect((await post(url.replace(/token=.{6}/, 'token=XXXXXX'))).statusCode).toBe(404);
      // No token, or a malformed one: 400 with the field's message (a bad query), never a 500.
      for (const bad of [
        '/api/family/unsubscribe/one-click',
        '/api/family/unsubscribe/one-click?token=short',
      ]) {
        const refused = await post(bad);
        expect(refused.statusCode, refused.body).toBe(400);
        expect(refused.json().errors.token).toBeDefined();
      }
      expect(await notified(asked)).toBe(true);
      // A link checker's GET is not a POST: nothing changes.
      expect((await t.app.inject({ url })).statusCode).not.toBe(200);
      expect(await notified(asked)).toBe(true);
      const res = await post(url);
      expect(res.statusCode, res.body).toBe(200);
      expect(await notified(asked)).toBe(false);
    }
  });
});

describe('privacy', () => {
  test('the data summary counts guardians; guardians who never signed in again are removed after the retention period', async () => {
    const stale = await guardianOf(kids.cleo, 'Marsh', 'stale.parent@example.test');
    await guardianOf(kids.cleo, 'Marsh', 'fresh.parent@example.test');
    const summary = await injectAs(
      t.app,
      tokens.foreignManager!,
      'GET',
      `/api/projects/${projectB.id}/data-summary`,
    );
    expect(summary.statusCode).toBe(200);
    const { n } = await t.ctx.db
      .selectFrom('guardian_links as gl')
      .innerJoin('subjects as s', 's.id', 'gl.subject_id')
      .select((eb) => eb.fn.count<string>('gl.guardian_id').distinct().as('n'))
      .where('s.project_id', '=', projectB.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBeGreaterThanOrEqual(2);
    expect(summary.json().data_summary.counts.guardians).toBe(Number(n));
    expect(summary.json().data_summary.retention.guardian_retention_days).toBe(GUARDIAN_RETENTION_DAYS);

    const now = new Date(Date.now() + (GUARDIAN_RETENTION_DAYS - 10) * 86_400_000);
    await t.ctx.db
      .updateTable('guardians')
      .set({ last_signed_in_at: new Date(Date.now() - 20 * 86_400_000) })
      .where('email', '=', 'stale.parent@example.test')
      .execute();
    await runRetentionSweep(t.ctx, now);
    const left = await t.ctx.db
      .selectFrom('guardians')
      .select('email')
      .where('email', 'in', ['stale.parent@example.test', 'fresh.parent@example.test'])
      .execute();
    expect(left.map((g) => g.email)).toEqual(['fresh.parent@example.test']);
    const links = await t.ctx.db
      .selectFrom('guardian_links as gl')
      .innerJoin('guardians as g', 'g.id', 'gl.guardian_id')
      .select('g.email')
      .where('gl.subject_id', '=', kids.cleo.id)
      .execute();
    expect(links.map((l) => l.email)).not.toContain('stale.parent@example.test');
    expect(links.map((l) => l.email)).toContain('fresh.parent@example.test');
    // Its family token went with it.
    const gone = await t.app.inject({ url: '/api/family/children', headers: bearer(stale) });
    expect(gone.statusCode).toBe(401);
  });
});

/** The text of a built-in layout of `category` printed for `subjectIds` by the studio (pdftotext). */
async function printedText(category: string, layoutName: string, subjectIds: string[]) {
  const categories = await injectAs(
    t.app,
    tokens.studioManager!,
    'GET',
    `/api/organizations/${w.orgs.studioA.id}/layout-categories`,
  );
  const layout = (
    categories.json().layout_categories as { slug: string; layouts: { id: string; name: string }[] }[]
  )
    .find((c) => c.slug === category)!
    .layouts.find((l) => l.name === layoutName)!;
  const made = await injectAs(t.app, tokens.studioManager!, 'POST', '/api/layout-renders', {
    layout_render: { layout_id: layout.id, project_id: projectA.id, subject_ids: subjectIds },
  });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().layout_render.id as string;
  const render = await eventually(async () => {
    const r = (await injectAs(t.app, tokens.studioManager!, 'GET', `/api/layout-renders/${id}`)).json()
      .layout_render;
    return r.worker_status === 'complete' || r.worker_status === 'failed' ? r : null;
  }, 60_000);
  expect(render.worker_status, JSON.stringify(render)).toBe('complete');
  const download = await injectAs(t.app, tokens.studioManager!, 'GET', `/api/layout-renders/${id}/download`);
  expect(download.statusCode).toBe(302);
  const file = await t.app.inject({
    url: String(download.headers.location).replace(/^https?:\/\/[^/]+/, ''),
  });
  expect(file.statusCode).toBe(200);
  const { execFileSync } = await import('node:child_process');
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: file.rawPayload }).toString();
}

describe('the family notice', () => {
  test('prints the school, the first name and class, the code and a QR of the claim address', async () => {
    const text = await printedText('family-notices', 'Family Notice', [kids.ben.id]);
    expect(text).toContain('School A1');
    expect(text).toContain('For the family of Ben');
    expect(text).toContain('Ms. Hill');
    expect(text).toContain(kids.ben.code);
    expect(text).toContain(`${PUBLIC_URL}/family/claim?code=${kids.ben.code}`);
    expect(text).not.toContain('Stone');
    expect(text).not.toContain('CANARY');
    // Every sentence whole: none cut with an ellipsis.
    expect(text).not.toContain('…');
    expect(text.replace(/\s+/g, ' ')).toContain('We e-mail you a sign-in link.');
  }, 90_000);

  test('the camera card can carry the family code, beside its own card code', async () => {
    const text = await printedText('camera-cards', 'Camera Card with Family Code', [kids.ben.id]);
    expect(text).toContain(`Family code: ${kids.ben.code}`);
    const card = await t.ctx.db
      .selectFrom('subjects')
      .select('card_code')
      .where('id', '=', kids.ben.id)
      .executeTakeFirstOrThrow();
    expect(text).toContain(card.card_code!);
    expect(text).not.toContain('CANARY');
  }, 90_000);
});
