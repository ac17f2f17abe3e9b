import path from 'node:path';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventually, type TestApp } from './support/app.js';
import { mappings, standardFormatId } from './support/export-format.js';
import { injectAs, type Method } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { projectWithFields, subjectWithPhoto } from './support/project-data.js';
import { downloadPdf, readPdf, renderAndWait } from './support/renders.js';
import { type World, worldApp } from './support/world.js';
import { readZip } from './support/zip.js';

/**
 * Consent, owned by the school: the school's staff set "directory information opt-out"
 * and "leave out of the yearbook" per subject or for a selection; the studio sees them and may not change
 * them; every change is in the trail; yearbook formats leave yearbook opt-outs out (and the pre-export
 * check names them), composites and directories leave directory opt-outs out, ID cards and SIS formats
 * keep everyone.
 */
let t: TestApp;
let w: World;
let tokens: Record<string, string>;
let project: Awaited<ReturnType<typeof projectWithFields>>;
const ids: Record<string, string> = {};

// last name -> first name, student id
const ROSTER: [string, string, string][] = [
  ['Adams', 'Amy', '0101'],
  ['Brown', 'Ben', '0102'],
  ['Cole', 'Cara', '0103'],
];

const call = (who: string, method: Method, url: string, payload?: unknown) =>
  injectAs(t.app, tokens[who]!, method, url, payload);

beforeAll(async () => {
  ({ t, w, tokens } = await worldApp());
  project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Consent A1', [
    'first_name',
    'last_name',
    'grade',
    'teacher',
    'student_id',
  ]);
  for (const [last, first, sid] of ROSTER) {
    ids[last] = await subjectWithPhoto(
      t,
      project,
      { first_name: first, last_name: last, grade: '3', teacher: 'Smith', student_id: sid },
      {
        bytes: await makeJpeg(400, 500),
        width: 400,
        height: 500,
        crop: { name: '8x10', x: 0.1, y: 0.1, width: 0.8, height: 0.8 },
      },
    );
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const consentsUrl = () => `/api/projects/${project.projectId}/subject-consents`;
const subjectOf = async (who: string, id: string) =>
  (await call(who, 'GET', `/api/subjects/${id}`)).json().subject;
const consentRows = () =>
  t.ctx.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', 'subject.consent_change')
    .orderBy('id')
    .execute();

describe('setting consent', () => {
  test('the school sets it for a selection and one by one; the studio sees it and may not change it', async () => {
    // Nothing flagged yet, as the studio reads it.
    expect(await subjectOf('studioManager', ids.Adams!)).toMatchObject({
      directory_opt_out: false,
      yearbook_opt_out: false,
    });

    // The studio may not set it, for a selection or on a subject; its other changes still go through.
    const refused = await call('studioManager', 'POST', consentsUrl(), {
      selection: { included_subject_ids: [ids.Adams] },
      yearbook_opt_out: true,
    });
    expect(refused.statusCode).toBe(403);
    const patchUrl = `/api/subjects/${ids.Adams}`;
    expect(
      (await call('studioStaff', 'PATCH', patchUrl, { subject: { yearbook_opt_out: true } })).statusCode,
    ).toBe(403);
    expect(
      (
        await call('studioManager', 'PATCH', patchUrl, {
          subject: { properties: { [project.fields.teacher!]: 'Smith' } },
        })
      ).statusCode,
    ).toBe(200);
    // Another school's staff: the project is out of view.
    const foreign = await call('memberSchoolB', 'POST', consentsUrl(), {
      selection: { included_subject_ids: [ids.Adams] },
      yearbook_opt_out: true,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await consentRows()).toEqual([]);

    // The school: a selection of one (Amy out of the yearbook).
    const set = await call('schoolStaff', 'POST', consentsUrl(), {
      selection: { included_subject_ids: [ids.Adams] },
      yearbook_opt_out: true,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ subject_consents: { changed: 1 } });
    // Setting it again changes nothing and records nothing.
    const again = await call('schoolStaff', 'POST', consentsUrl(), {
      selection: { included_subject_ids: [ids.Adams] },
      yearbook_opt_out: true,
    });
    expect(again.json()).toEqual({ subject_consents: { changed: 0 } });
    // No flag: nothing to do.
    const nothing = await call('schoolStaff', 'POST', consentsUrl(), { selection: {} });
    expect(nothing.statusCode).toBe(422);

    // One subject from its page (Ben opted out of directory information).
    const patched = await call('schoolStaff', 'PATCH', `/api/subjects/${ids.Brown}`, {
      subject: { directory_opt_out: true },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().subject).toMatchObject({ directory_opt_out: true, yearbook_opt_out: false });

    // The studio reads both, in the subject and in the grid.
    expect(await subjectOf('studioManager', ids.Adams!)).toMatchObject({ yearbook_opt_out: true });
    const grid = await call('studioStaff', 'GET', `/api/projects/${project.projectId}/subjects?limit=50`);
    const flags = Object.fromEntries(
      grid
        .json()
        .subjects.map((s: { id: string; directory_opt_out: boolean; yearbook_opt_out: boolean }) => [
          s.id,
          [s.directory_opt_out, s.yearbook_opt_out],
        ]),
    );
    expect(flags).toEqual({
      [ids.Adams!]: [false, true],
      [ids.Brown!]: [true, false],
      [ids.Cole!]: [false, false],
    });

    // The trail: one row per subject changed, by the school's staff, with the flags now and how.
    const rows = await consentRows();
    expect(
      rows.map((r) => [r.record_id, r.user_id, r.project_id, r.owner_organization_id, r.details]),
    ).toEqual([
      [
        ids.Adams,
        w.users.schoolStaff!.id,
        project.projectId,
        w.orgs.schoolA1.id,
        { directory_opt_out: false, yearbook_opt_out: true, via: 'selection' },
      ],
      [
        ids.Brown,
        w.users.schoolStaff!.id,
        project.projectId,
        w.orgs.schoolA1.id,
        { directory_opt_out: true, yearbook_opt_out: false, via: 'subject' },
      ],
    ]);
    // The school reads them in its own trail.
    const trail = await call(
      'schoolStaff',
      'GET',
      `/api/organizations/${w.orgs.schoolA1.id}/audit-events?action=subject.consent_change`,
    );
    expect(trail.statusCode, trail.body).toBe(200);
    expect(trail.json().audit_events).toHaveLength(2);
  });
});

describe('outputs', () => {
  const formatId = (standardKey: string) => standardFormatId(t.ctx.db, standardKey);

  async function exportEntries(formatIdValue: string) {
    const created = await call(
      'studioManager',
      'POST',
      `/api/projects/${project.projectId}/project-exports`,
      {
        project_export: { project_export_format_id: formatIdValue },
      },
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().project_export.id;
    const done = await eventually(async () => {
      const e = (await call('studioManager', 'GET', `/api/project-exports/${id}`)).json().project_export;
      return e.job_status === 'completed' || e.job_status === 'failed' ? e : null;
    }, 60_000);
    expect(done.job_status, done.job_status_message).toBe('completed');
    const answer = await call('studioManager', 'GET', `/api/project-exports/${id}/download`);
    const file = await t.app.inject({ method: 'GET', url: answer.headers.location as string });
    return { entries: await readZip(file.rawPayload), done };
  }

  test('a yearbook format (PSPA) leaves yearbook opt-outs out, and the pre-export check names them', async () => {
    const pspa = await formatId('pspa_yearbook');
    const check = await call(
      'studioManager',
      'POST',
      `/api/projects/${project.projectId}/project-exports/check`,
      {
        project_export: { project_export_format_id: pspa },
      },
    );
    expect(check.statusCode, check.body).toBe(200);
    const issue = check.json().report.issues.find((i: { code: string }) => i.code === 'yearbook_opt_out');
    expect(issue).toMatchObject({ count: 1, subject_ids: [ids.Adams] });
    expect(issue.message).toBe('1 subject asked to be left out of the yearbook and will be left out.');
    expect(check.json().report.subjects_count).toBe(2);

    const { entries, done } = await exportEntries(pspa);
    expect(done.subjects_count).toBe(2);
    const index = entries.find((e) => path.posix.basename(e.name) === 'INDEX.TXT')!;
    const text = iconv.decode(index.data, 'win1252');
    expect(text).not.toContain('Adams');
    expect(text).toContain('Brown');
    expect(text).toContain('Cole');
    expect(entries.filter((e) => e.name.toLowerCase().endsWith('.jpg'))).toHaveLength(2);
  });

  test('a custom format marked yearbook leaves them out; the SIS and ID card formats keep everyone', async () => {
    const created = await call('studioManager', 'POST', '/api/project-export-formats', {
      project_export_format: {
        organization_id: w.orgs.studioA.id,
        name: 'Our yearbook',
        available_to_suborganizations: true,
        yearbook: true,
        images_name_primary_field_first_key: 'student_id',
        field_mappings: mappings('student_id', 'last_name'),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().project_export_format.yearbook).toBe(true);
    const ours = await exportEntries(created.json().project_export_format.id);
    const names = ours.entries.map((e) => e.name).join('\n');
    expect(names).not.toContain('0101');
    expect(names).toContain('0102');

    for (const key of ['powerschool_photo_import', 'id_card_import']) {
      const sis = await exportEntries(await formatId(key));
      const all = sis.entries.map((e) => e.name).join('\n');
      // Everyone, the yearbook opt-out and the directory opt-out included.
      for (const sid of ['0101', '0102', '0103']) expect(all, key).toContain(sid);
    }
  });

  const layoutOf = async (name: string) =>
    (
      await t.ctx.db
        .selectFrom('layouts')
        .select('id')
        .where('name', '=', name)
        .where('organization_id', 'is', null)
        .executeTakeFirstOrThrow()
    ).id;

  test('composites and the subject directory leave directory opt-outs out; ID cards keep them', async () => {
    const print = async (layout: string) => {
      const render = await renderAndWait(t, tokens.schoolStaff!, {
        layout_id: await layoutOf(layout),
        project_id: project.projectId,
        subject_ids: Object.values(ids),
        group_by: ['Teacher'],
        sort_by: ['Last Name', 'First Name'],
      });
      expect(render.worker_status, render.failure_reason).toBe('complete');
      return (await readPdf(await downloadPdf(t, tokens.schoolStaff!, render.id))).text;
    };
    for (const layout of ['Class Composite', 'Subject Directory']) {
      const text = await print(layout);
      expect(text, layout).not.toContain('Brown');
      expect(text, layout).toContain('Adams');
      expect(text, layout).toContain('Cole');
    }
    const cards = await print('ID Cards CR-80 10-up');
    for (const last of ['Adams', 'Brown', 'Cole']) expect(cards).toContain(last);
  });
});
