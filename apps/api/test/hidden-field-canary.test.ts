import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mailDepsOf } from '../src/mail/outbox.js';
import { notifyPhotosReady } from '../src/modules/families/notify.js';
import { eventually, type TestApp } from './support/app.js';
import { mappings } from './support/export-format.js';
import { bearer, injectAs } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { projectWithFields, subjectWithPhoto } from './support/project-data.js';
import { type World, worldApp } from './support/world.js';
import { readZip } from './support/zip.js';

/**
 * The canary sweep: a value planted in fields hidden from customers (the catalogue's Notes and a custom
 * "Studio Secret") must never reach a school, whatever the studio makes from the project: every export
 * format with the field mapped, grouped and named by it, every layout printed grouped and sorted by it,
 * duplicates by it, the activity trail. Then, as the school's staff, every GET route the API has is
 * fetched with every id the studio can see (downloads followed, ZIPs opened, PDFs read as text), plus the
 * reads a school runs itself (its own export of a format that maps the field, the pre-export check,
 * duplicates, searches for the value). The canary must be in none of it, while the studio's own outputs
 * do hold it (so the sweep can't pass by reading nothing).
 */

const run = promisify(execFile);
const CANARY = `CANARY${randomBytes(5).toString('hex').toUpperCase()}`;
const hasCanary = (text: string) => text.toUpperCase().includes(CANARY);

let t: TestApp;
let w: World;
let work: string;
let tokens: Record<string, string>;
let project: Awaited<ReturnType<typeof projectWithFields>>;
let secretFieldId: string;
const subjectIds: string[] = [];
const exportIds: string[] = [];
const renderIds: string[] = [];
let leakyFormatId: string;
let schoolExportId: string;
let byLabelFormatId: string;
/** The studio's export of each format, by format id. */
const studioExports = new Map<string, string>();
let schoolRenderId: string;
/** Yearbook deliveries of the studio's leaky format: a target, a full delivery and a changes delivery. */
let yearbookTargetId: string;
const yearbookDeliveryIds: string[] = [];

const call = (who: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  injectAs(t.app, tokens[who]!, method, url, payload);

/**
 * A live event stream (text/event-stream never ends) as far as its `ready` event, or 3 s: what a client
 * gets on connecting.
 */
async function streamStart(who: string, url: string): Promise<{ status: number; text: string }> {
  const answer = await t.app.inject({
    method: 'GET',
    url,
    headers: bearer(tokens[who]!),
    payloadAsStream: true,
  });
  const body = answer.stream();
  let text = JSON.stringify(answer.headers);
  const deadline = setTimeout(() => body.destroy(), 3000);
  try {
    for await (const chunk of body) {
      text += chunk;
      if (text.includes('event: ready')) break;
    }
  } catch {
    // Ended at the deadline.
  } finally {
    clearTimeout(deadline);
    body.destroy();
  }
  return { status: answer.statusCode, text };
}

/** Everything a response carries, as text: the body, a followed download, a ZIP's names and files, a PDF's text. */
async function readable(who: string, url: string): Promise<{ status: number; text: string }> {
  if (/\/events(\?|$)/.test(url)) return streamStart(who, url);
  let answer = await call(who, 'GET', url);
  const parts: string[] = [answer.body, JSON.stringify(answer.headers)];
  if (answer.statusCode === 302 && String(answer.headers.location).startsWith('/')) {
    answer = await t.app.inject({ method: 'GET', url: String(answer.headers.location) });
  }
  const bytes = answer.rawPayload;
  parts.push(bytes.toString('latin1'));
  // ZIPs opened, and the ZIPs inside them (the part ZIPs of formats that split their images).
  const zips = bytes.subarray(0, 2).toString() === 'PK' ? [bytes] : [];
  for (let zip = zips.shift(); zip; zip = zips.shift()) {
    for (const entry of await readZip(zip)) {
      parts.push(entry.name, entry.data.toString('latin1'));
      if (entry.data.subarray(0, 2).toString() === 'PK') zips.push(entry.data);
    }
  }
  if (bytes.subarray(0, 5).toString() === '%PDF-') {
    const file = path.join(work, `${randomBytes(4).toString('hex')}.pdf`);
    await writeFile(file, bytes);
    parts.push((await run('pdftotext', ['-layout', file, '-'])).stdout);
  }
  return { status: answer.statusCode, text: parts.join('\n') };
}

/** Creates a job's `record` (an export or a render) by POST to `url`, then waits until it is `done`: its id. */
async function finishedJob(
  who: string,
  url: string,
  record: 'project_export' | 'layout_render',
  body: Record<string, unknown>,
  done: (job: { job_status?: string; worker_status?: string }) => boolean,
) {
  const created = await call(who, 'POST', url, { [record]: body });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json()[record].id as string;
  const read = `/api/${record.replace('_', '-')}s/${id}`;
  await eventually(async () => done((await call(who, 'GET', read)).json()[record]), 60_000);
  return id;
}

const finishedExport = (who: string, body: Record<string, unknown>) =>
  finishedJob(
    who,
    `/api/projects/${project.projectId}/project-exports`,
    'project_export',
    body,
    (e) => e.job_status === 'completed',
  );
const finishedRender = (who: string, body: Record<string, unknown>) =>
  finishedJob(who, '/api/layout-renders', 'layout_render', body, (r) => r.worker_status === 'complete');

beforeAll(async () => {
  ({ t, w, tokens } = await worldApp());
  work = await mkdtemp(path.join(tmpdir(), 'canary-'));
  const { db } = t.ctx;

  project = await projectWithFields(db, w.orgs.schoolA1.id, 'Canary Spring', [
    'student_id',
    'first_name',
    'last_name',
    'grade',
    'teacher',
    'notes',
  ]);
  await db
    .updateTable('subject_fields')
    .set({ visible_to_customers: false })
    .where('id', '=', project.fields.notes!)
    .execute();
  secretFieldId = (
    await db
      .insertInto('subject_fields')
      .values({
        project_template_id: project.templateId,
        field_key: null,
        label: 'Studio Secret',
        arrangement_position: 9,
        visible_to_customers: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const fields = { ...project.fields, secret: secretFieldId };
  const crop = { name: '8x10', x: 0.1, y: 0.1, width: 0.8, height: 0.8 };
  const roster = [
    ['1001', 'Ada', 'Lane', '3', 'Ms. Lee', `${CANARY} custody`],
    ['1002', 'Ben', 'Moss', '3', 'Ms. Lee', `${CANARY} custody`],
    ['1003', 'Cy', 'North', '4', 'Mr. Ortiz', `${CANARY} allergy`],
  ];
  for (const [i, [student_id, first_name, last_name, grade, teacher, notes]] of roster.entries()) {
    subjectIds.push(
      await subjectWithPhoto(
        t,
        { ...project, fields },
        { student_id, first_name, last_name, grade, teacher, notes, secret: `${CANARY} secret` } as Record<
          string,
          string
        >,
        i < 2 ? { bytes: await makeJpeg(400, 500), width: 400, height: 500, crop } : undefined,
      ),
    );
  }

  // A studio format that uses the hidden field every way a format can: mapped, all unmapped fields, the
  // group folder and the image names.
  const format = await call('studioManager', 'POST', '/api/project-export-formats', {
    project_export_format: {
      organization_id: w.orgs.studioA.id,
      name: 'Studio notes sheet',
      available_to_suborganizations: true,
      allow_custom_directory_group_field: true,
      directory_group_field_key: 'notes',
      images_directory_group_enabled: true,
      data_include_unmapped_fields: true,
      images_name_primary_field_first_key: 'notes',
      images_crop_width_pixels: 80,
      images_crop_height_pixels: 100,
      field_mappings: mappings('student_id', 'notes'),
    },
  });
  expect(format.statusCode, format.body).toBe(201);
  leakyFormatId = format.json().project_export_format.id;

  // A format that maps only the hidden custom field, by its label.
  const byLabel = await call('studioManager', 'POST', '/api/project-export-formats', {
    project_export_format: {
      organization_id: w.orgs.studioA.id,
      name: 'Studio secret by label',
      available_to_suborganizations: true,
      include_images: false,
      field_mappings: [
        { field_key: 'student_id', position: 1 },
        { field_key: null, custom_label: 'studio secret', position: 2 },
      ],
    },
  });
  expect(byLabel.statusCode, byLabel.body).toBe(201);
  byLabelFormatId = byLabel.json().project_export_format.id;

  // Every format the project offers, run by the studio; the ones that may group by a field, grouped by Notes.
  const formats = (
    await call('studioManager', 'GET', `/api/projects/${project.projectId}/project-export-formats?limit=500`)
  ).json().project_export_formats as {
    id: string;
    standard_key: string | null;
    allow_custom_directory_group_field: boolean;
  }[];
  expect(formats.map((f) => f.id)).toContain(leakyFormatId);
  // The school systems' formats too (0031), Infinite Campus's part ZIPs opened by readable().
  expect(formats.map((f) => f.standard_key)).toEqual(
    expect.arrayContaining(['infinite_campus_photo_import', 'aeries_photo_import', 'id_card_import']),
  );
  for (const f of formats) {
    const id = await finishedExport('studioManager', {
      project_export_format_id: f.id,
      duplicate_search_fields: ['notes'],
      ...(f.allow_custom_directory_group_field ? { custom_directory_group_field_key: 'notes' } : {}),
    });
    exportIds.push(id);
    studioExports.set(f.id, id);
  }

  // Every built-in layout, printed grouped and sorted by each hidden field.
  const layouts = await db.selectFrom('layouts').select('id').where('organization_id', 'is', null).execute();
  expect(layouts.length).toBeGreaterThan(0);
  for (const layout of layouts) {
    for (const hidden of ['Notes', 'Studio Secret']) {
      renderIds.push(
        await finishedRender('studioManager', {
          layout_id: layout.id,
          project_id: project.projectId,
          group_by: [hidden],
          sort_by: [hidden, 'Last Name'],
        }),
      );
    }
  }

  // A studio print that uses no hidden field: the school sees it.
  renderIds.push(
    await finishedRender('studioManager', {
      layout_id: layouts[0]!.id,
      project_id: project.projectId,
      group_by: ['Grade'],
      sort_by: ['Last Name'],
    }),
  );
  // The school's own runs of the same: an export of the studio's format, a print of a sheet.
  schoolExportId = await finishedExport('schoolStaff', {
    project_export_format_id: leakyFormatId,
    custom_directory_group_field_key: 'notes',
  });
  exportIds.push(schoolExportId);
  const sheet = await db
    .selectFrom('layouts')
    .select('id')
    .where('organization_id', 'is', null)
    .where('layout_type', '=', 'Sheet')
    .executeTakeFirstOrThrow();
  schoolRenderId = await finishedRender('schoolStaff', {
    layout_id: sheet.id,
    project_id: project.projectId,
    group_by: ['Grade'],
    sort_by: ['Last Name'],
  });
  renderIds.push(schoolRenderId);

  // Duplicates by the hidden field, and the pre-export check, as the studio (the trail records them).
  expect(
    (
      await call('studioManager', 'POST', `/api/projects/${project.projectId}/duplicate-subjects`, {
        fields: ['notes'],
      })
    ).statusCode,
  ).toBe(200);
  // Yearbook deliveries of the leaky format (no preset: the format's own settings stand): a full one,
  // then the changes after a corrected name. Deliveries read no hidden field, whoever makes them.
  const target = await call('studioManager', 'POST', `/api/projects/${project.projectId}/yearbook-targets`, {
    yearbook_target: { publisher: 'other_pspa', project_export_format_id: leakyFormatId },
  });
  expect(target.statusCode, target.body).toBe(201);
  yearbookTargetId = target.json().yearbook_target.id;
  const deliver = async (kind: 'full' | 'changes') => {
    const made = await call('studioManager', 'POST', `/api/yearbook-targets/${yearbookTargetId}/deliveries`, {
      delivery: { kind },
    });
    expect(made.statusCode, made.body).toBe(202);
    const id = made.json().yearbook_delivery.id as string;
    await eventually(
      async () =>
        (await call('studioManager', 'GET', `/api/yearbook-deliveries/${id}`)).json().yearbook_delivery
          .status === 'completed',
      60_000,
    );
    yearbookDeliveryIds.push(id);
  };
  await deliver('full');
  await db
    .updateTable('subjects')
    .set({
      properties: sql`properties || jsonb_build_object(${project.fields.last_name!}::text, 'Lane-Moss')`,
    })
    .where('id', '=', subjectIds[0]!)
    .execute();
  await deliver('changes');
}, 300_000);

afterAll(async () => {
  await t?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the studio', () => {
  test('holds the canary in its own outputs (the sweep reads what it fetches)', async () => {
    const exported = await Promise.all(
      exportIds.map((id) => readable('studioManager', `/api/project-exports/${id}/download`)),
    );
    expect(exported.every((r) => r.status === 200)).toBe(true);
    expect(exported.filter((r) => hasCanary(r.text)).length).toBeGreaterThan(0);
    const printed = await Promise.all(
      renderIds.map((id) => readable('studioManager', `/api/layout-renders/${id}/download`)),
    );
    expect(printed.every((r) => r.status === 200)).toBe(true);
    // Sheets head their groups with the group's value.
    expect(printed.filter((r) => hasCanary(r.text)).length).toBeGreaterThan(0);
  });
});

describe('the school', () => {
  /** Ids to put in each GET route's path, by the route's first segment. */
  const idsFor = (): Record<string, string[]> => ({
    '/api/organizations/{id}': [w.orgs.schoolA1.id, w.orgs.studioA.id],
    '/api/projects/{id}': [project.projectId],
    '/api/subjects/{id}': subjectIds,
    '/api/project-exports/{id}': exportIds,
    '/api/layout-renders/{id}': renderIds,
    '/api/project-templates/{id}': [project.templateId],
    '/api/project-export-formats/{id}': [leakyFormatId],
    '/api/albums/{id}': [project.albumId],
    '/api/yearbook-targets/{id}': [yearbookTargetId],
    '/api/yearbook-deliveries/{id}': yearbookDeliveryIds,
  });

  test('finds the canary in nothing it can fetch, by any GET route, with any id the studio sees', async () => {
    const photos = await t.ctx.db
      .selectFrom('subject_photo_assignments')
      .select('photo_id')
      .where('subject_id', 'in', subjectIds)
      .execute();
    const ids: Record<string, string[]> = { ...idsFor(), '/api/photos/{id}': photos.map((p) => p.photo_id) };
    // Photo checks: the photos flagged (as the checks job would), so the review list carries them.
    await t.ctx.db
      .updateTable('photos')
      .set({
        checks: JSON.stringify([{ code: 'no_face', message: 'No face was found.' }]),
        checked_at: new Date(),
      })
      .where(
        'id',
        'in',
        photos.map((p) => p.photo_id),
      )
      .execute();
    const routes = t.app
      .routeActions()
      // Public routes (sign-in pages, the API's documentation) carry no records.
      .filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && r.action !== 'public')
      .map((r) => r.url.replace(/:(\w+)/g, '{$1}'));
    const fetched: { url: string; status: number }[] = [];
    const leaks: string[] = [];
    for (const route of routes) {
      const prefix = Object.keys(ids).find((p) => route.startsWith(p));
      const urls = route.includes('{')
        ? prefix && !route.includes('{token}')
          ? ids[prefix]!.map((id) => route.replace('{id}', id))
          : []
        : [route];
      for (const base of urls) {
        // Lists all at once, and the grid's and search's keyword set to the canary itself.
        const url = `${base}${base.includes('/search') ? `?q=${CANARY}` : `?limit=100&keyword=${CANARY}`}`;
        for (const u of [base, url, `${base}?limit=100`]) {
          const { status, text } = await readable('schoolStaff', u);
          fetched.push({ url: u, status });
          expect(status, u).toBeLessThan(500);
          if (hasCanary(text)) leaks.push(u);
        }
      }
    }
    expect(leaks).toEqual([]);
    // The sweep did reach the outputs, the subjects and the trail.
    const ok = (pattern: RegExp) => fetched.filter((f) => pattern.test(f.url) && f.status === 200).length;
    expect(ok(/\/api\/project-exports\/\d+\/download/)).toBeGreaterThan(0);
    expect(ok(/\/api\/layout-renders\/\d+\/download/)).toBeGreaterThan(0);
    expect(ok(/\/api\/subjects\/\d+$/)).toBe(subjectIds.length);
    expect(ok(/audit-events\.csv/)).toBeGreaterThan(0);
    expect(ok(/\/projects\/\d+\/events/)).toBeGreaterThan(0);
    expect(ok(/\/data-summary/)).toBeGreaterThan(0);
    // Coverage: the counts and missing list, and its CSV.
    expect(ok(/\/coverage(\?|$)/)).toBeGreaterThan(0);
    expect(ok(/\/coverage\.csv/)).toBeGreaterThan(0);
    // Yearbook deliveries: the ledger, each delivery's manifest, archive and change lists.
    expect(ok(/\/yearbook-targets\/\d+\/deliveries/)).toBeGreaterThan(0);
    expect(ok(/\/yearbook-deliveries\/\d+$/)).toBe(yearbookDeliveryIds.length);
    expect(ok(/\/yearbook-deliveries\/\d+\/download/)).toBeGreaterThan(0);
    expect(ok(/\/yearbook-deliveries\/\d+\/changes\.pdf/)).toBeGreaterThan(0);
    expect(ok(/\/yearbook-deliveries\/\d+\/changes\.csv/)).toBeGreaterThan(0);
    // The check before a delivery (a POST) answers the school no hidden value either.
    const checked = await call(
      'schoolStaff',
      'POST',
      `/api/yearbook-targets/${yearbookTargetId}/deliveries/check`,
      {
        delivery: { kind: 'changes' },
      },
    );
    expect(checked.statusCode).toBe(200);
    expect(hasCanary(checked.body)).toBe(false);
    // The photo checks' review list, with the flagged photos and their subjects.
    const reviewed = await call('schoolStaff', 'GET', `/api/projects/${project.projectId}/photo-checks`);
    expect(reviewed.json().photo_checks).toHaveLength(photos.length);
    expect(ok(/\/photo-checks/)).toBeGreaterThan(0);
  });

  test("does not see the studio's outputs that hold hidden values: absent from lists, 404 by id", async () => {
    const listed = (
      await call('schoolStaff', 'GET', `/api/projects/${project.projectId}/project-exports?limit=500`)
    ).json().project_exports as { id: string }[];
    const studioListed = (
      await call('studioManager', 'GET', `/api/projects/${project.projectId}/project-exports?limit=500`)
    ).json().project_exports as { id: string }[];
    expect(studioListed).toHaveLength(exportIds.length);
    // Some built-in formats don't use Notes: the school sees those, and not the rest.
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThan(exportIds.length);
    // The project's own count is the school's list, not the studio's.
    const counted = await call('schoolStaff', 'GET', `/api/projects/${project.projectId}`);
    expect(counted.json().project.project_exports_count).toBe(listed.length);
    const hidden = exportIds.filter((id) => !listed.some((e) => e.id === id));
    // Both the format that maps Notes and the one that maps the custom field by its label are hidden.
    expect(hidden).toContain(studioExports.get(leakyFormatId));
    expect(hidden).toContain(studioExports.get(byLabelFormatId));
    for (const id of hidden) {
      expect((await call('schoolStaff', 'GET', `/api/project-exports/${id}`)).statusCode).toBe(404);
      expect((await call('schoolStaff', 'GET', `/api/project-exports/${id}/download`)).statusCode).toBe(404);
    }
    const renders = (
      await call('schoolStaff', 'GET', `/api/projects/${project.projectId}/layout-renders?limit=100`)
    ).json();
    // The studio's print by Grade and the school's own; none of those by a hidden field.
    expect(renders.layout_renders.map((r: { id: string }) => r.id).sort()).toEqual(
      renderIds.slice(-2).sort(),
    );
    expect(renders.meta.total).toBe(2);
    expect((await call('schoolStaff', 'GET', `/api/layout-renders/${renderIds[0]}`)).statusCode).toBe(404);
  });

  test('running the same outputs itself gets blanks where the hidden values are', async () => {
    const archive = await readable('schoolStaff', `/api/project-exports/${schoolExportId}/download`);
    expect(archive.status).toBe(200);
    expect(archive.text).toContain('Ada');
    expect(hasCanary(archive.text)).toBe(false);
    const pdf = await readable('schoolStaff', `/api/layout-renders/${schoolRenderId}/download`);
    expect(pdf.status).toBe(200);
    expect(pdf.text).toContain('Lane');
    expect(hasCanary(pdf.text)).toBe(false);

    const reads = [
      call('schoolStaff', 'POST', `/api/projects/${project.projectId}/project-exports/check`, {
        project_export: { project_export_format_id: leakyFormatId, duplicate_search_fields: ['notes'] },
      }),
      call('schoolStaff', 'POST', `/api/projects/${project.projectId}/duplicate-subjects`, {
        fields: ['notes'],
      }),
      call('schoolStaff', 'POST', `/api/projects/${project.projectId}/subject-selection`, {
        filter: { keyword: CANARY },
        ids: true,
      }),
    ];
    for (const answer of await Promise.all(reads)) {
      expect(answer.statusCode, answer.body).toBeLessThan(500);
      expect(hasCanary(answer.body)).toBe(false);
    }

    // The missing portraits' PDF the school prints from its coverage page (Cy has no photo).
    const printed = await call('schoolStaff', 'POST', `/api/projects/${project.projectId}/coverage/print`);
    expect(printed.statusCode, printed.body).toBe(201);
    const coverageRender = printed.json().layout_render.id as string;
    await eventually(async () => {
      const r = (await call('schoolStaff', 'GET', `/api/layout-renders/${coverageRender}`)).json()
        .layout_render;
      return r.worker_status === 'complete' ? r : null;
    }, 60_000);
    const missing = await readable('schoolStaff', `/api/layout-renders/${coverageRender}/download`);
    expect(missing.status).toBe(200);
    expect(missing.text).toContain('North');
    expect(hasCanary(missing.text)).toBe(false);
  });
});

describe('a family', () => {
  test('finds the canary in no family route, no family e-mail, and nothing the school sees of families', async () => {
    const { db } = t.ctx;
    const email = 'canary.parent@example.test';
    const codes = await call('studioManager', 'GET', `/api/projects/${project.projectId}/family-codes`);
    expect(hasCanary(codes.body)).toBe(false);
    const code = (codes.json().family_codes as { subject_id: string; code: string }[]).find(
      (c) => c.subject_id === subjectIds[1],
    )!.code;
    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/family/claims',
      payload: { claim: { code, last_name: 'Moss', email } },
    });
    expect(claimed.statusCode).toBe(202);
    const link = await eventually(() =>
      db.selectFrom('email_outbox').select('text_body').where('to_address', '=', email).executeTakeFirst(),
    );
    const linkToken = /\/family\/sign-in#token=([A-Za-z0-9_-]+)/.exec(link.text_body)![1]!;
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/family/sessions',
      payload: { token: linkToken },
    });
    expect(session.statusCode).toBe(201);
    const family = session.json().family_session.token as string;
    const as = (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: bearer(family), ...(payload ? { payload } : {}) });
    await injectAs(t.app, tokens.studioManager!, 'PATCH', `/api/projects/${project.projectId}`, {
      project: { family_pose_deadline: new Date(Date.now() + 86_400_000).toISOString() },
    });
    const answers = [session.body];
    answers.push((await as('PATCH', '/api/family/me', { guardian: { notify_photos_ready: true } })).body);
    const gallery = await as('GET', `/api/family/children/${subjectIds[1]}/photos`);
    expect(gallery.statusCode).toBe(200);
    const photos = gallery.json().photos as { id: string; proof_url: string }[];
    expect(photos.length).toBeGreaterThan(0);
    const pose = await as('PUT', `/api/family/children/${subjectIds[1]}/yearbook-pose`, {
      photo_id: photos[0]!.id,
    });
    expect(pose.statusCode).toBe(200);
    const asked = await as('POST', `/api/family/children/${subjectIds[1]}/opt-out-requests`, {
      directory_opt_out: true,
    });
    expect(asked.statusCode).toBe(201);
    answers.push(pose.body, asked.body);

    // Every family GET route, with every subject id the studio sees, and every proof.
    const routes = t.app
      .routeActions()
      .filter((r) => r.method === 'GET' && r.url.startsWith('/api/family/'))
      .map((r) => r.url.replace(/:(\w+)/g, '{$1}'));
    expect(routes.length).toBeGreaterThanOrEqual(5);
    let read = 0;
    for (const route of routes) {
      const urls = route.includes('{grant}')
        ? photos.map((p) => p.proof_url)
        : route.includes('{id}')
          ? subjectIds.map((id) => route.replace('{id}', id))
          : [route];
      for (const url of urls) {
        const res = await as('GET', url);
        expect(res.statusCode, url).toBeLessThan(500);
        if (res.statusCode === 200) read++;
        answers.push(`${url}\n${JSON.stringify(res.headers)}\n${res.rawPayload.toString('latin1')}`);
      }
    }
    expect(read).toBeGreaterThanOrEqual(routes.length);

    // Every family e-mail: the sign-in link's and "photos are ready".
    await db.transaction().execute((trx) => notifyPhotosReady(trx, mailDepsOf(t.ctx), [subjectIds[1]!]));
    const mails = await db
      .selectFrom('email_outbox')
      .select(['subject', 'text_body', 'html_body'])
      .where('to_address', '=', email)
      .execute();
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining(['Ben’s school photos are ready', expect.stringMatching(/sign-in link/)]),
    );
    for (const m of mails) answers.push(`${m.subject}\n${m.text_body}\n${m.html_body}`);

    // The school's side of families.
    for (const path of ['guardians', 'family-pose-choices', 'opt-out-requests', 'family-settings']) {
      const res = await call('schoolStaff', 'GET', `/api/projects/${project.projectId}/${path}`);
      expect(res.statusCode, path).toBe(200);
      answers.push(res.body);
    }
    expect(answers.filter(hasCanary)).toEqual([]);
  });
});
