import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { jobDepsOf } from '../src/jobs/catalogue.js';
import { sendDeadlineWarnings } from '../src/modules/yearbook-deliveries/deadlines.js';
import { eventually, type ListeningTestApp, listeningTestApp } from './support/app.js';
import { standardFormatId } from './support/export-format.js';
import { injectAs, signIn } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { projectWithFields, subjectWithPhoto } from './support/project-data.js';
import { readPdf } from './support/renders.js';
import { insertId } from './support/rows.js';
import { type SmtpPeer, startSmtpPeer } from './support/smtp.js';
import { buildWorld, type World } from './support/world.js';
import { readZip } from './support/zip.js';

/**
 * Yearbook deliveries against the real server: PostgreSQL, the job queue building the archives, real
 * storage and sharp, a real SMTP peer for the deadline warning.
 */
let t: ListeningTestApp;
let w: World;
let smtp: SmtpPeer;
const tokens: Record<string, string> = {};
let project: Awaited<ReturnType<typeof projectWithFields>>;
let pspa: string;
const ids: Record<string, string> = {};
let targetId: string;

const KEYS = ['first_name', 'last_name', 'grade', 'teacher', 'student_id'];
const HIDDEN = 'Hidden-canary-7781';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A photo-like JPEG (noise: each one's bytes differ); `seed` names it in storage. */
async function photoBytes(_seed: number) {
  return makeJpeg(400, 500);
}

async function addStudent(name: string, values: string[], withPhoto: number | null) {
  const [first_name, last_name, grade, teacher, student_id] = values;
  const id = await subjectWithPhoto(
    t,
    project,
    {
      first_name: first_name!,
      last_name: last_name!,
      grade: grade!,
      teacher: teacher!,
      student_id: student_id!,
    },
    withPhoto === null
      ? undefined
      : {
          bytes: await photoBytes(withPhoto),
          width: 400,
          height: 500,
          crop: { name: '8x10', x: 0.1, y: 0.1, width: 0.8, height: 0.8 },
        },
  );
  ids[name] = id;
  await setHashes();
  return id;
}

/** Photos as verified uploads carry their SHA-256 (the tests' photos are written straight to the database). */
async function setHashes() {
  await t.ctx.db
    .updateTable('photos')
    .set({ content_sha256: sql`md5(id::text || storage_key)` })
    .where('content_sha256', 'is', null)
    .execute();
}

/** Another photo of a subject; `primary` makes it the one the book takes (a retake). */
async function addPhoto(subjectId: string, seed: number, primary: boolean) {
  const bytes = await photoBytes(seed);
  const key = `test/${project.projectId}/${subjectId}/${seed}`;
  await t.ctx.storage.put(key, bytes, 'image/jpeg');
  const photoId = await insertId(t.ctx.db, 'photos', {
    album_id: project.albumId,
    storage_key: key,
    upload_file_name: `${seed}.jpg`,
    upload_file_size: bytes.length,
    upload_content_type: 'image/jpeg',
    upload_verified_at: new Date(),
    verification_state: 'verified',
    width: 400,
    height: 500,
    orientation: 1,
    content_sha256: createHash('sha256').update(bytes).digest('hex'),
  });
  if (primary) {
    await t.ctx.db
      .updateTable('subject_photo_assignments')
      .set({ is_primary: false })
      .where('subject_id', '=', subjectId)
      .execute();
  }
  await insertId(t.ctx.db, 'subject_photo_assignments', {
    subject_id: subjectId,
    photo_id: photoId,
    is_primary: primary,
  });
  return photoId;
}

const call = (
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) => injectAs(t.app, tokens[who]!, method, url, payload);

async function deliver(kind: 'full' | 'changes') {
  const res = await call('studioStaff', 'POST', `/api/yearbook-targets/${targetId}/deliveries`, {
    delivery: { kind },
  });
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json().yearbook_delivery.id as string;
  const done = await eventually(async () => {
    const d = (await call('studioStaff', 'GET', `/api/yearbook-deliveries/${id}`)).json().yearbook_delivery;
    return d.status === 'completed' || d.status === 'failed' ? d : null;
  }, 60_000);
  expect(done.status, done.status_message).toBe('completed');
  return done;
}

async function archiveOf(who: string, deliveryId: string) {
  const answer = await call(who, 'GET', `/api/yearbook-deliveries/${deliveryId}/download`);
  expect(answer.statusCode, answer.body).toBe(302);
  const file = await t.app.inject({ method: 'GET', url: answer.headers.location as string });
  expect(file.statusCode).toBe(200);
  const entries = await readZip(file.rawPayload);
  return new Map(entries.map((e) => [e.name, e.data]));
}

const lines = (bytes: Buffer | undefined) =>
  (bytes ?? Buffer.alloc(0))
    .toString('latin1')
    .split('\r\n')
    .filter((l) => l !== '');

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await listeningTestApp({ SMTP_URL: smtp.url });
  w = await buildWorld(t.ctx.db);
  for (const who of ['studioStaff', 'schoolStaff', 'memberSchoolB', 'foreignManager'])
    tokens[who] = await signIn(t.app, w.users[who]!.email);
  await t.ctx.db
    .updateTable('organizations')
    .set({ contact_email: 'studio@a.example.test' })
    .where('id', '=', w.orgs.studioA.id)
    .execute();
  project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Fall Portraits', KEYS);
  // A field hidden from customers, on every subject: never in a delivery.
  const hidden = await insertId(t.ctx.db, 'subject_fields', {
    project_template_id: project.templateId,
    field_key: 'home_room',
    label: null,
    arrangement_position: 9,
    visible_to_customers: false,
  });
  await addStudent('ava', ['Ava', 'Smith', '3', 'Ms. Lee', '1001'], 1);
  await addStudent('ben', ['Ben', 'Brown', '3', 'Ms. Lee', '1002'], 2);
  await addStudent('cal', ['Cal', 'Cruz', '4', 'Mr. Ode', '1003'], 3);
  await addStudent('dee', ['Dee', 'Diaz', '4', 'Mr. Ode', '1004'], 4);
  await addStudent('eve', ['Eve', 'Eng', '4', 'Mr. Ode', '1005'], null);
  await addStudent('fay', ['Fay', 'Fox', '5', 'Ms. Kim', '1006'], 6);
  ids.fayOther = await addPhoto(ids.fay!, 66, false);
  await t.ctx.db
    .updateTable('subjects')
    .set({ properties: sql`properties || jsonb_build_object(${hidden}::text, ${HIDDEN}::text)` })
    .where('project_id', '=', project.projectId)
    .execute();
  pspa = await standardFormatId(t.ctx.db, 'pspa_yearbook');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('targets', () => {
  test('the studio makes a target; bad input is 422 with field messages; the school reads it; another school 404', async () => {
    const bad = await call('studioStaff', 'POST', `/api/projects/${project.projectId}/yearbook-targets`, {
      yearbook_target: {
        publisher: 'nobody',
        project_export_format_id: pspa,
        deadlines: [{ name: '', date: '2026-02-30' }],
      },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(
      ['deadlines.0.date', 'deadlines.0.name', 'publisher'].sort(),
    );
    const refused = await call('schoolStaff', 'POST', `/api/projects/${project.projectId}/yearbook-targets`, {
      yearbook_target: { publisher: 'jostens', project_export_format_id: pspa },
    });
    expect(refused.statusCode).toBe(403);

    const res = await call('studioStaff', 'POST', `/api/projects/${project.projectId}/yearbook-targets`, {
      yearbook_target: {
        publisher: 'jostens',
        project_export_format_id: pspa,
        deadlines: [
          { name: 'Final corrections', date: day(30) },
          { name: 'Portrait deadline', date: day(5) },
        ],
        school_contact_email: 'yearbook@a1.example.test',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const target = res.json().yearbook_target;
    targetId = target.id;
    expect(target).toMatchObject({
      publisher_name: 'Jostens',
      image_width: 640,
      image_height: 800,
      data_encoding: 'windows-1252',
      master_file: true,
      pose_deadline: day(5),
      poses_open: true,
      deliveries_count: 0,
    });
    expect(target.deadlines.map((d: { name: string }) => d.name)).toEqual([
      'Portrait deadline',
      'Final corrections',
    ]);

    const list = await call('schoolStaff', 'GET', `/api/projects/${project.projectId}/yearbook-targets`);
    expect(list.statusCode).toBe(200);
    expect(list.json().yearbook_targets).toHaveLength(1);
    for (const who of ['memberSchoolB', 'foreignManager']) {
      expect((await call(who, 'GET', `/api/yearbook-targets/${targetId}`)).statusCode).toBe(404);
      expect((await call(who, 'GET', `/api/yearbook-targets/${targetId}/deliveries`)).statusCode).toBe(404);
    }
  });
});

describe('the check before a delivery', () => {
  test('names the student without a photo and the one with two photos and no pose chosen; writes nothing', async () => {
    const res = await call('schoolStaff', 'POST', `/api/yearbook-targets/${targetId}/deliveries/check`, {
      delivery: { kind: 'full' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { check } = res.json();
    const named = (code: string) =>
      check.warnings
        .find((x: { code: string }) => x.code === code)
        ?.subjects.map((s: { name: string }) => s.name);
    expect(named('no_yearbook_photo')).toEqual(['Eve Eng']);
    expect(named('pose_not_chosen')).toEqual(['Fay Fox']);
    expect(
      check.not_pictured.map((s: { name: string; grade: string; teacher: string }) => [
        s.name,
        s.grade,
        s.teacher,
      ]),
    ).toEqual([['Eve Eng', '4', 'Mr. Ode']]);
    expect(check.would_hold).toMatchObject({ subjects: 6, images: 5, added: 6 });
    expect(JSON.stringify(check)).not.toContain(HIDDEN);
    const written = await t.ctx.db.selectFrom('yearbook_deliveries').select('id').execute();
    expect(written).toHaveLength(0);
  });
});

describe('deliveries', () => {
  let full: { id: string };
  test('a full delivery holds everyone: every portrait, INDEX.TXT and MASTER.TXT', async () => {
    full = await deliver('full');
    expect(full).toMatchObject({ number: 1, kind: 'full', counts: { subjects: 6, images: 5, added: 6 } });
    const files = await archiveOf('studioStaff', full.id);
    const images = [...files.keys()].filter((n) => n.startsWith('PSPA/IMAGES/'));
    expect(images).toHaveLength(5);
    expect(lines(files.get('PSPA/INDEX.TXT'))).toHaveLength(5);
    expect(lines(files.get('PSPA/MASTER.TXT'))).toHaveLength(6);
    for (const data of files.values()) expect(data.toString('latin1')).not.toContain(HIDDEN);
  });

  test('"changes" holds exactly the retake, the new student and the corrected name, lists the opt-out for removal, and MASTER.TXT holds everyone', async () => {
    // A retake of Ben, a new student, Cal's name corrected, Dee's family opts out of the yearbook.
    await addPhoto(ids.ben!, 22, true);
    await addStudent('gus', ['Gus', 'Gray', '5', 'Ms. Kim', '1007'], 7);
    await t.ctx.db
      .updateTable('subjects')
      .set({
        properties: sql`properties || jsonb_build_object(${project.fields.last_name!}::text, 'Cruise')`,
      })
      .where('id', '=', ids.cal!)
      .execute();
    await t.ctx.db
      .updateTable('subjects')
      .set({ yearbook_opt_out: true })
      .where('id', '=', ids.dee!)
      .execute();

    const changes = await deliver('changes');
    expect(changes).toMatchObject({
      number: 2,
      kind: 'changes',
      since_delivery_id: full.id,
      counts: { subjects: 6, images: 3, added: 1, replaced: 1, corrected: 1, removed: 1, unchanged: 3 },
    });
    const files = await archiveOf('studioStaff', changes.id);
    const images = [...files.keys()].filter((n) => n.startsWith('PSPA/IMAGES/')).sort();
    expect(images).toEqual([
      'PSPA/IMAGES/Brown_Ben.jpg',
      'PSPA/IMAGES/Cruise_Cal.jpg',
      'PSPA/IMAGES/Gray_Gus.jpg',
    ]);
    const index = lines(files.get('PSPA/INDEX.TXT'));
    expect(index.map((l) => l.split('\t')[4]).sort()).toEqual(['Brown', 'Cruise', 'Gray']);
    const master = lines(files.get('PSPA/MASTER.TXT'));
    expect(master.map((l) => l.split('\t')[4]).sort()).toEqual([
      'Brown',
      'Cruise',
      'Eng',
      'Fox',
      'Gray',
      'Smith',
    ]);
    // Unchanged subjects in MASTER.TXT name their image as delivered before.
    expect(master.find((l) => l.includes('\tSmith\t'))).toContain('Smith_Ava.jpg');
    for (const data of files.values()) expect(data.toString('latin1')).not.toContain(HIDDEN);

    const detail = (await call('schoolStaff', 'GET', `/api/yearbook-deliveries/${changes.id}`)).json()
      .yearbook_delivery;
    const texts = detail.changes.map((c: { text: string }) => c.text);
    expect(texts).toHaveLength(4);
    expect(texts).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^Add Gus Gray \(grade 5, Ms\. Kim\): new in the book, portrait of \d+ \w{3}\.$/,
        ),
        expect.stringMatching(
          /^Replace the portrait of Ben Brown \(grade 3, Ms\. Lee\): retake of \d+ \w{3}\.$/,
        ),
        'Correct Cal Cruise (grade 4, Mr. Ode): Last Name “Cruz” becomes “Cruise”.',
        'Remove Dee Diaz (grade 4, Mr. Ode): the family asked to leave the student out of the yearbook.',
      ]),
    );
    expect(detail.manifest.filter((m: { change: string }) => m.change !== 'unchanged')).toHaveLength(4);
    const ben = detail.manifest.find((m: { subject_id: string }) => m.subject_id === ids.ben);
    expect(ben).toMatchObject({ change: 'replaced', image_file_name: 'Brown_Ben.jpg' });
    expect(ben.content_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(detail)).not.toContain(HIDDEN);

    const csv = await call('schoolStaff', 'GET', `/api/yearbook-deliveries/${changes.id}/changes.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Replace portrait,Ben Brown,3,Ms. Lee');
    expect(csv.body).toContain('Remove,Dee Diaz,4,Mr. Ode,Left out of the yearbook');
    expect(csv.body).not.toContain('Ava Smith');
    expect(csv.body).not.toContain(HIDDEN);
    const pdf = await call('schoolStaff', 'GET', `/api/yearbook-deliveries/${changes.id}/changes.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await readPdf(pdf.rawPayload);
    expect(text.replace(/\s+/g, ' ')).toContain(
      'Replace the portrait of Ben Brown (grade 3, Ms. Lee): retake of',
    );
    expect(text).toContain('Remove Dee Diaz');
    expect(text).not.toContain(HIDDEN);

    // The ledger: both deliveries, newest first, with who downloaded what.
    const ledger = await call('schoolStaff', 'GET', `/api/yearbook-targets/${targetId}/deliveries`);
    expect(ledger.statusCode).toBe(200);
    const rows = ledger.json().yearbook_deliveries;
    expect(rows.map((d: { number: number }) => d.number)).toEqual([2, 1]);
    expect(rows[0].downloads.map((d: { what: string }) => d.what)).toEqual([
      'archive',
      'change_list_csv',
      'change_list_pdf',
    ]);
    expect(rows[0].downloads[0].user.id).toBe(w.users.studioStaff!.id);

    // The activity trail: who made and who downloaded this project's data, in the school's trail, by ids.
    const trail = await t.ctx.db
      .selectFrom('audit_events')
      .select(['action', 'record_id', 'project_id', 'owner_organization_id', 'user_id', 'details'])
      .where('record_type', '=', 'yearbook_delivery')
      .where('record_id', '=', changes.id)
      .orderBy('id')
      .execute();
    expect(trail.map((e) => [e.action, (e.details as { what?: string }).what ?? null])).toEqual([
      ['yearbook_delivery.create', null],
      ['yearbook_delivery.download', 'archive'],
      ['yearbook_delivery.download', 'change_list_csv'],
      ['yearbook_delivery.download', 'change_list_pdf'],
    ]);
    for (const e of trail) {
      expect(e).toMatchObject({ project_id: project.projectId, owner_organization_id: w.orgs.schoolA1.id });
    }
    expect(trail[0]!.user_id).toBe(w.users.studioStaff!.id);
    const seen = await call('schoolStaff', 'GET', `/api/organizations/${w.orgs.schoolA1.id}/audit-events`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.body).toContain('yearbook_delivery.download');
    expect(seen.body).not.toContain('Ben Brown');
  });

  test('nothing changed: a changes delivery is refused (422); the school may not make one (403)', async () => {
    const none = await call('studioStaff', 'POST', `/api/yearbook-targets/${targetId}/deliveries`, {
      delivery: { kind: 'changes' },
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.base[0]).toBe('There are no changes since delivery 2.');
    const school = await call('schoolStaff', 'POST', `/api/yearbook-targets/${targetId}/deliveries`, {
      delivery: { kind: 'full' },
    });
    expect(school.statusCode).toBe(403);
    expect((await call('memberSchoolB', 'GET', `/api/yearbook-deliveries/${full.id}`)).statusCode).toBe(404);
    expect(
      (await call('memberSchoolB', 'GET', `/api/yearbook-deliveries/${full.id}/changes.csv`)).statusCode,
    ).toBe(404);
  });
});

describe('poses and deadlines', () => {
  test('the school chooses a pose until the pose deadline; then 422', async () => {
    const chosen = await call('schoolStaff', 'PUT', `/api/yearbook-targets/${targetId}/pose`, {
      pose: { subject_id: ids.fay, photo_id: ids.fayOther },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const check = (
      await call('schoolStaff', 'POST', `/api/yearbook-targets/${targetId}/deliveries/check`, {
        delivery: { kind: 'changes' },
      })
    ).json().check;
    // Fay is chosen; Ben's retake made him a second photo, and no pose is chosen for him.
    expect(
      check.warnings
        .find((x: { code: string }) => x.code === 'pose_not_chosen')
        .subjects.map((s: { name: string }) => s.name),
    ).toEqual(['Ben Brown']);
    expect(check.changes.map((c: { text: string }) => c.text)).toEqual([
      expect.stringMatching(/^Replace the portrait of Fay Fox \(grade 5, Ms\. Kim\)/),
    ]);
    const wrong = await call('schoolStaff', 'PUT', `/api/yearbook-targets/${targetId}/pose`, {
      pose: { subject_id: ids.fay, photo_id: ids.fayOther === '1' ? '2' : '1' },
    });
    expect(wrong.statusCode).toBe(422);

    await t.ctx.db
      .updateTable('yearbook_targets')
      .set({ deadlines: JSON.stringify([{ name: 'Portrait deadline', date: day(-1) }]) })
      .where('id', '=', targetId)
      .execute();
    const late = await call('schoolStaff', 'PUT', `/api/yearbook-targets/${targetId}/pose`, {
      pose: { subject_id: ids.fay, photo_id: ids.fayOther },
    });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.base[0]).toMatch(/pose deadline .* has passed/);
    // The subject's own page can't change it after the deadline either; its other values still change.
    for (const yearbook_photo_id of [ids.fayOther, null]) {
      const patched = await call('schoolStaff', 'PATCH', `/api/subjects/${ids.fay}`, {
        subject: { yearbook_photo_id },
      });
      expect(patched.statusCode, patched.body).toBe(422);
      expect(patched.json().errors.yearbook_photo_id[0]).toMatch(/pose deadline .* has passed/);
    }
    const fay = await t.ctx.db
      .selectFrom('subjects')
      .select('yearbook_photo_id')
      .where('id', '=', ids.fay!)
      .executeTakeFirstOrThrow();
    expect(fay.yearbook_photo_id).toBe(ids.fayOther);
    const renamed = await call('schoolStaff', 'PATCH', `/api/subjects/${ids.fay}`, {
      subject: { properties: {} },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await t.ctx.db
      .updateTable('yearbook_targets')
      .set({
        deadlines: JSON.stringify([
          { name: 'Portrait deadline', date: day(5) },
          { name: 'Final corrections', date: day(30) },
        ]),
      })
      .where('id', '=', targetId)
      .execute();
  });

  test('the next deadline and what is missing, in counts', async () => {
    const res = await call('schoolStaff', 'GET', `/api/projects/${project.projectId}/yearbook-deadline`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().yearbook_deadline).toMatchObject({
      yearbook_target_id: targetId,
      publisher_name: 'Jostens',
      name: 'Portrait deadline',
      date: day(5),
      days_left: 5,
      missing: { without_photo: 1, pose_not_chosen: 1, subjects: 6 },
    });
  });

  test('the deadline e-mail goes to the studio and the school yearbook contact through SMTP, with counts and a link, no names; once', async () => {
    const deps = jobDepsOf(t.ctx);
    expect(await sendDeadlineWarnings(deps)).toBe(2);
    const mails = await eventually(async () => (smtp.messages.length >= 2 ? smtp.messages : null));
    const to = mails.map((m) => (m.to as { text: string }).text).sort();
    expect(to).toEqual(['studio@a.example.test', 'yearbook@a1.example.test']);
    for (const mail of mails) {
      expect(mail.subject).toBe('Yearbook deadline for Fall Portraits: Portrait deadline, in 5 days');
      expect(mail.text).toContain('Of 6 students and staff in the book, 1 have no yearbook photo yet');
      expect(mail.text).toContain(`${t.origin}/projects/${project.projectId}/yearbook`);
      for (const name of ['Eve', 'Eng', 'Fay', 'Ava', 'Smith', HIDDEN]) expect(mail.text).not.toContain(name);
    }
    expect(await sendDeadlineWarnings(deps)).toBe(0);
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.messages).toHaveLength(2);
  });
});

describe('the check on a second school', () => {
  test('names one photo on two subjects, one name twice in a class, a tab, and characters the index cannot hold; "changes" before any delivery is 422', async () => {
    const other = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Spring Portraits', KEYS);
    const crop = { name: '8x10', x: 0.1, y: 0.1, width: 0.8, height: 0.8 };
    const bytes = await makeJpeg(400, 500);
    const add = (values: string[]) =>
      subjectWithPhoto(t, other, Object.fromEntries(KEYS.map((k, i) => [k, values[i]!])), {
        bytes,
        width: 400,
        height: 500,
        crop,
      });
    const twins = [
      await add(['Ann', 'Lee', '2', 'Mr. Roe', '1']),
      await add(['Ann', 'Lee', '2', 'Mr. Roe', '2']),
    ];
    const tab = await add(['Bo\tB', 'Kay', '2', 'Mr. Roe', '3']);
    const polish = await add(['Łucja', 'Nowak', '2', 'Mr. Roe', '4']);
    // The twins' photos are one file (the same bytes, so the same content hash).
    await t.ctx.db
      .updateTable('photos')
      .set({ content_sha256: 'f'.repeat(64) })
      .where('album_id', '=', other.albumId)
      .where('storage_key', 'like', `%/${twins[0]}/%`)
      .execute();
    await t.ctx.db
      .updateTable('photos')
      .set({ content_sha256: 'f'.repeat(64) })
      .where('album_id', '=', other.albumId)
      .where('storage_key', 'like', `%/${twins[1]}/%`)
      .execute();
    const made = await call('studioStaff', 'POST', `/api/projects/${other.projectId}/yearbook-targets`, {
      yearbook_target: { publisher: 'treering', project_export_format_id: pspa },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().yearbook_target.id;
    const early = await call('studioStaff', 'POST', `/api/yearbook-targets/${id}/deliveries`, {
      delivery: { kind: 'changes' },
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.kind).toEqual(['there is no completed delivery to count changes from']);

    const { check } = (
      await call('schoolStaff', 'POST', `/api/yearbook-targets/${id}/deliveries/check`, {
        delivery: { kind: 'full' },
      })
    ).json();
    const ids = (code: string) =>
      (check.warnings.find((x: { code: string }) => x.code === code)?.subjects ?? [])
        .map((s: { id: string }) => s.id)
        .sort();
    expect(ids('same_photo_two_subjects')).toEqual([...twins].sort());
    expect(ids('name_twice_in_class')).toEqual([...twins].sort());
    expect(ids('value_has_tab')).toEqual([tab]);
    expect(ids('value_outside_encoding')).toEqual([polish]);
    expect(check.not_pictured).toEqual([]);
  });
});
