import { layoutDefinitionSchema } from '@school-portal/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventually, type TestApp } from './support/app.js';
import { injectAs } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import {
  projectWithFields as buildProjectWithFields,
  cellsByKey,
  subjectWithPhoto,
} from './support/project-data.js';
import {
  downloadPdf as downloadAs,
  rasterise,
  readPdf,
  renderAndWait as renderAs,
} from './support/renders.js';
import { type World, worldApp } from './support/world.js';

let t: TestApp;
let w: World;
let tokens: Record<string, string>;
let projectA1: string;
let projectB: string;
const subjectsA1: string[] = [];
let subjectB: string;
const layoutIds: Record<string, string> = {};

// The fields of the cells of NAMES, in that order: the projects' fields.
const COLUMNS = ['first_name', 'last_name', 'teacher', 'grade', 'student_id'];
const NAMES: [string, string, string, string, string][] = [
  ['Zoë', 'Ångström', 'Smith', '3', 'S1001'],
  ['Иван', 'Петров', 'Smith', '3', 'S1002'],
  ['Νίκος', 'Παπαδόπουλος', 'Jones', 'K', 'S1003'],
  ['小明', '王', 'Jones', 'K', 'S1004'],
  ['José', 'Núñez', 'Jones', '1', 'S1005'],
  ['Amy', 'Adams', 'Smith', '3', 'S1006'],
  ['Ben', 'Brown', 'Lee', '2', 'S1007'],
  ['Cal', 'Clark', 'Lee', '2', 'S1008'],
  ['Dee', 'Davis', 'Lee', '2', 'S1009'],
  ['Eve', 'Evans', 'Lee', '2', 'S1010'],
  ['Fay', 'Ford', 'Lee', '2', 'S1011'],
  ['Gus', 'Green', 'Lee', '2', 'S1012'],
];

const projectWithFields = (organizationId: string, name: string) =>
  buildProjectWithFields(t.ctx.db, organizationId, name, COLUMNS);

async function addSubject(
  p: Awaited<ReturnType<typeof projectWithFields>>,
  values: [string, string, string, string, string],
  photo: Buffer | null,
) {
  // A default crop: the upper 80% of the image.
  const crop = { name: 'Default', x: 0.1, y: 0, width: 0.8, height: 0.8 };
  return subjectWithPhoto(
    t,
    p,
    cellsByKey(COLUMNS, values),
    photo ? { bytes: photo, width: 1600, height: 2000, crop } : undefined,
  );
}

beforeAll(async () => {
  ({ t, w, tokens } = await worldApp());
  const photo = await makeJpeg(1600, 2000);
  const a1 = await projectWithFields(w.orgs.schoolA1.id, 'Spring A1');
  projectA1 = a1.projectId;
  for (const [i, values] of NAMES.entries())
    subjectsA1.push(await addSubject(a1, values, i === 11 ? null : photo));
  const b = await projectWithFields(w.orgs.schoolB.id, 'Spring B');
  projectB = b.projectId;
  subjectB = await addSubject(b, ['Other', 'School', 'X', '1', 'B1'], null);
  const layouts = await t.ctx.db.selectFrom('layouts').select(['id', 'name']).execute();
  for (const l of layouts) layoutIds[l.name] = l.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  injectAs(t.app, tokens[who]!, method, url, payload);

const renderAndWait = (who: string, body: Record<string, unknown>) => renderAs(t, tokens[who]!, body);
const downloadPdf = (who: string, renderId: string) => downloadAs(t, tokens[who]!, renderId);

describe('layout categories and layouts', () => {
  test('a school sees the built-in categories, each with its layouts; every built-in definition is valid', async () => {
    const answer = await call(
      'schoolStaff',
      'GET',
      `/api/organizations/${w.orgs.schoolA1.id}/layout-categories`,
    );
    expect(answer.statusCode).toBe(200);
    const categories = answer.json().layout_categories as {
      slug: string;
      name: string;
      layouts_count: number;
      layouts: { definition: unknown; layout_type: string }[];
    }[];
    expect(categories.map((c) => c.slug)).toEqual([
      'portraits',
      'class-composites',
      'id-cards',
      'contact-sheets',
      'subject-directory-sheets',
      'camera-cards',
      'family-notices',
    ]);
    expect(categories[0]!.layouts.map((l) => (l as unknown as { name: string }).name).sort()).toEqual(
      ['5x7 with Two Wallets', '8x10 Portrait', 'Wallets 8-up'].sort(),
    );
    const all = categories.flatMap((c) => c.layouts);
    expect(all).toHaveLength(10);
    for (const l of all) expect(layoutDefinitionSchema.safeParse(l.definition).success).toBe(true);
    expect(categories.find((c) => c.slug === 'subject-directory-sheets')!.layouts[0]!.layout_type).toBe(
      'Sheet',
    );
  });

  test('a category by its slug; an unknown slug and another school’s organization are 404', async () => {
    const bySlug = await call('schoolStaff', 'GET', '/api/layout-categories/subject-directory-sheets');
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json().layout_category.layouts[0].name).toBe('Subject Directory');
    expect((await call('schoolStaff', 'GET', '/api/layout-categories/no-such-thing')).statusCode).toBe(404);
    expect(
      (await call('memberSchoolB', 'GET', `/api/organizations/${w.orgs.schoolA1.id}/layout-categories`))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('schoolStaff', 'GET', `/api/layouts/${layoutIds['Class Composite']}`)).json().layout
        .grid_width,
    ).toBe(7);
  });

  test('the preview is a 640x480 PNG of a subject with its photo; another school’s subject is refused', async () => {
    const answer = await call(
      'schoolStaff',
      'GET',
      `/api/layouts/${layoutIds['ID Cards CR-80 10-up']}/preview?subject_id=${subjectsA1[0]}`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/png');
    const meta = await sharp(answer.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([640, 480]);
    const stats = await sharp(answer.rawPayload).stats();
    expect(stats.channels[0]!.stdev).toBeGreaterThan(10);
    const sample = await call('schoolStaff', 'GET', `/api/layouts/${layoutIds['Class Composite']}/preview`);
    expect(sample.statusCode).toBe(200);
    const foreign = await call(
      'schoolStaff',
      'GET',
      `/api/layouts/${layoutIds['Class Composite']}/preview?subject_id=${subjectB}`,
    );
    expect(foreign.statusCode).toBe(422);
  });
});

describe('layout renders', () => {
  test('a Basic render (ID cards, 10-up): two pages, every name and Student ID, photos near 300 dpi, a drawn first page', async () => {
    const render = await renderAndWait('schoolStaff', {
      layout_id: layoutIds['ID Cards CR-80 10-up'],
      project_id: projectA1,
      pdf_name: 'ID cards',
      subject_ids: subjectsA1,
      group_by: ['Grade'],
      sort_by: ['Last Name', 'First Name'],
      // The subject without a photo gets a card too, its photo a placeholder with the name.
      subjects_without_photo: 'placeholder',
    });
    expect(render).toMatchObject({
      worker_status: 'complete',
      is_completed: true,
      page_count: 2,
      subjects_count: 12,
    });
    const pdf = await downloadPdf('schoolStaff', render.id);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const read = await readPdf(pdf);
    expect(read.pages).toBe(2);
    for (const [first, last, , , sid] of NAMES) {
      expect(read.text).toContain(`${first} ${last}`);
      expect(read.text).toContain(sid);
    }
    expect(read.text).toContain('School A1');
    // Photo boxes are 80x100 pt: 333x417 px at 300 dpi, never the 1600x2000 original.
    // RGB images are the photos (the barcodes are PNGs with alpha); 11 subjects have one.
    const photos = read.images.pages.flatMap((p) => p.images).filter((i) => i.kind === 2);
    expect(photos).toHaveLength(11);
    expect(photos.length).toBeGreaterThan(0);
    for (const image of photos) {
      expect(Math.abs(image.width - 333)).toBeLessThanOrEqual(2);
      expect(Math.abs(image.height - 417)).toBeLessThanOrEqual(2);
    }
    // Look at the first page as a person would: not blank, and the first photo box holds a photo.
    const png = await rasterise(pdf);
    const whole = await sharp(png).stats();
    expect(whole.channels[0]!.stdev).toBeGreaterThan(20);
    // The first unit's photo: unit at (49.5, 13.5), photo at +8,+10, 80x100 pt.
    const photoBox = await sharp(png).extract({ left: 60, top: 26, width: 70, height: 90 }).stats();
    expect(photoBox.channels[2]!.mean).toBeGreaterThan(120);
    expect(photoBox.channels[0]!.stdev).toBeGreaterThan(10);
  });

  test('a Sheet render (class composite by Teacher): a page per teacher, titles, names in any script', async () => {
    const render = await renderAndWait('studioManager', {
      layout_id: layoutIds['Class Composite'],
      project_id: projectA1,
      subject_ids: subjectsA1,
      group_by: ['Teacher'],
      sort_by: ['Last Name', 'First Name'],
    });
    expect(render.worker_status).toBe('complete');
    const read = await readPdf(await downloadPdf('studioManager', render.id));
    expect(read.pages).toBe(3);
    // Names print on two lines (first, then last name) under each photo.
    const has = (page: number, ...parts: string[]) =>
      expect(parts.filter((p) => !read.pageTexts[page]!.includes(p))).toEqual([]);
    has(0, 'Jones', 'Νίκος', 'Παπαδόπουλος', '小明', '王');
    has(1, 'Grade 2 · Lee');
    has(2, 'Grade 3 · Smith', 'Иван', 'Петров', 'Zoë', 'Ångström');
  });

  test('the Subject Directory of every subject, grouped by the chosen field', async () => {
    const category = (
      await call('schoolStaff', 'GET', '/api/layout-categories/subject-directory-sheets')
    ).json().layout_category;
    const render = await renderAndWait('schoolStaff', {
      layout_id: category.layouts[0].id,
      project_id: projectA1,
      group_by: ['Teacher'],
      sort_by: ['Teacher', 'Grade', 'Last Name', 'First Name'],
    });
    expect(render).toMatchObject({ worker_status: 'complete', subjects_count: 12, render_type: 'Sheet' });
    const read = await readPdf(await downloadPdf('schoolStaff', render.id));
    // A page per class, headed by the school and the class as the composite is (not a bare "Lee").
    expect(read.pages).toBe(3);
    const order = ['Jones', 'Lee', 'Smith'].map((g) => read.text.indexOf(g));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (const page of read.pageTexts) expect(page).toContain('School A1');
    expect(read.pageTexts[1]).toContain('Grade 2 · Lee');
    expect(read.pageTexts[2]).toContain('Grade 3 · Smith');
    expect(read.text).toContain('Adams, Amy');
  });

  test('polling: running at first and not downloadable, then complete; worker statuses only for renders in view', async () => {
    const created = await call('schoolStaff', 'POST', '/api/layout-renders', {
      layout_render: {
        layout_id: layoutIds['8x10 Portrait'],
        project_id: projectA1,
        subject_ids: subjectsA1.slice(0, 2),
      },
    });
    const render = created.json().layout_render;
    expect(render).toMatchObject({ worker_status: 'running', is_completed: false, download_url: null });
    const early = await call('schoolStaff', 'GET', `/api/layout-renders/${render.id}/download`);
    // The job may already have finished on a fast machine; otherwise the download waits for completion.
    if (early.statusCode !== 302) expect(early.statusCode).toBe(409);
    const statuses = async (who: string) =>
      (
        await call(who, 'GET', `/api/layout-renders/worker-statuses?worker_tokens[]=${render.worker_token}`)
      ).json().worker_statuses;
    await eventually(async () => (await statuses('schoolStaff'))[0]?.worker_status === 'complete', 60_000);
    expect(await statuses('memberSchoolB')).toEqual([]);
    const list = await call(
      'schoolStaff',
      'GET',
      `/api/projects/${projectA1}/layout-renders?render_types[]=Basic`,
    );
    expect(list.statusCode).toBe(200);
    const types = list.json().layout_renders.map((r: { render_type: string }) => r.render_type);
    expect(types.length).toBeGreaterThan(0);
    expect(new Set(types)).toEqual(new Set(['Basic']));
    const sheets = await call(
      'schoolStaff',
      'GET',
      `/api/projects/${projectA1}/layout-renders?render_types[]=Sheet`,
    );
    expect(sheets.json().layout_renders.length).toBeGreaterThan(0);
    expect(sheets.json().layout_renders.map((r: { id: string }) => r.id)).not.toContain(render.id);
  });

  test('a layout whose definition is broken fails with a reason', async () => {
    const category = await t.ctx.db
      .selectFrom('layout_categories')
      .select('id')
      .where('slug', '=', 'portraits')
      .executeTakeFirstOrThrow();
    const broken = await t.ctx.db
      .insertInto('layouts')
      .values({
        layout_category_id: category.id,
        organization_id: w.orgs.schoolA1.id,
        name: 'Broken',
        layout_type: 'Basic',
        definition: JSON.stringify({ page: 1 }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const render = await renderAndWait('schoolStaff', {
      layout_id: broken.id,
      project_id: projectA1,
      subject_ids: subjectsA1.slice(0, 1),
    });
    expect(render).toMatchObject({
      worker_status: 'failed',
      failure_reason: "The layout's definition is invalid.",
      download_url: null,
    });
    expect((await call('schoolStaff', 'GET', `/api/layout-renders/${render.id}/download`)).statusCode).toBe(
      409,
    );
    // Another school's layouts are out of view.
    expect((await call('memberSchoolB', 'GET', `/api/layouts/${broken.id}`)).statusCode).toBe(404);
  });

  test('another school gets 404 for renders and its ids are refused; bad fields are 422', async () => {
    const mine = await renderAndWait('schoolStaff', {
      layout_id: layoutIds['Wallets 8-up'],
      project_id: projectA1,
      subject_ids: subjectsA1.slice(0, 1),
    });
    expect((await call('memberSchoolB', 'GET', `/api/layout-renders/${mine.id}`)).statusCode).toBe(404);
    expect((await call('memberSchoolB', 'GET', `/api/layout-renders/${mine.id}/download`)).statusCode).toBe(
      404,
    );
    expect((await call('memberSchoolB', 'GET', `/api/projects/${projectA1}/layout-renders`)).statusCode).toBe(
      404,
    );
    const foreignProject = await call('schoolStaff', 'POST', '/api/layout-renders', {
      layout_render: { layout_id: layoutIds['Wallets 8-up'], project_id: projectB, subject_ids: [subjectB] },
    });
    expect(foreignProject.statusCode).toBe(422);
    expect(foreignProject.json().errors.project_id).toEqual(['is invalid']);
    const foreignSubject = await call('schoolStaff', 'POST', '/api/layout-renders', {
      layout_render: {
        layout_id: layoutIds['Wallets 8-up'],
        project_id: projectA1,
        subject_ids: [subjectsA1[0], subjectB],
      },
    });
    expect(foreignSubject.statusCode).toBe(422);
    expect(foreignSubject.json().errors.subject_ids).toEqual(['is invalid']);
    const badField = await call('schoolStaff', 'POST', '/api/layout-renders', {
      layout_render: { layout_id: layoutIds['Wallets 8-up'], project_id: projectA1, group_by: ['Shoe Size'] },
    });
    expect(badField.statusCode).toBe(422);
    expect(badField.json().errors.group_by).toEqual(['must match known field keys']);
    const badId = await call('schoolStaff', 'POST', '/api/layout-renders', {
      layout_render: { layout_id: 'abc', project_id: projectA1 },
    });
    expect(badId.statusCode).toBe(422);
    // The manager of another studio sees nothing of it either.
    expect((await call('foreignManager', 'GET', `/api/layout-renders/${mine.id}`)).statusCode).toBe(404);
  });
});

describe('editing layouts (exports §6: studio or lab managers, copies in their own organization)', () => {
  test('a manager copies a built-in layout, changes its definition, and the preview follows', async () => {
    const builtIn = layoutIds['Wallets 8-up']!;
    const copied = await call('studioManager', 'POST', `/api/layouts/${builtIn}/copy`, {});
    expect(copied.statusCode, copied.body).toBe(201);
    const copy = copied.json().layout;
    expect(copy).toMatchObject({ name: 'Copy of Wallets 8-up', organization_id: w.orgs.studioA.id });
    expect(copy.id).not.toBe(builtIn);
    const before = (await call('studioManager', 'GET', `/api/layouts/${copy.id}/preview`)).rawPayload;

    // The copy is listed for the studio and its schools, not for another tree.
    const categoryId = copy.layout_category_id;
    const names = async (who: string) =>
      (await call(who, 'GET', `/api/layout-categories/${categoryId}`))
        .json()
        .layout_category.layouts.map((l: { name: string }) => l.name);
    expect(await names('studioManager')).toContain('Copy of Wallets 8-up');
    expect(await names('schoolStaff')).toContain('Copy of Wallets 8-up');
    expect(await names('memberSchoolB')).not.toContain('Copy of Wallets 8-up');

    const definition = layoutDefinitionSchema.parse(copy.definition);
    const bigger = {
      ...definition,
      grid: { width: 2, height: 2 },
      unit: { ...definition.unit, width: 288, height: 360 },
    };
    const saved = await call('studioManager', 'PUT', `/api/layouts/${copy.id}`, {
      layout: { name: 'Wallets 4-up', definition: bigger },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().layout).toMatchObject({ name: 'Wallets 4-up', grid_width: 2, grid_height: 2 });
    const after = (await call('studioManager', 'GET', `/api/layouts/${copy.id}/preview`)).rawPayload;
    expect((await sharp(after).metadata()).width).toBe(640);
    expect(after.equals(before)).toBe(false);
    // The built-in layout is untouched.
    const original = (await call('studioManager', 'GET', `/api/layouts/${builtIn}`)).json().layout;
    expect(original).toMatchObject({ name: 'Wallets 8-up', grid_width: 4, grid_height: 2 });
  });

  test('a bad definition is 422 with the field named, and nothing changes', async () => {
    const copy = (
      await call('studioManager', 'POST', `/api/layouts/${layoutIds['Class Composite']!}/copy`, {
        layout: { name: 'Composite to break' },
      })
    ).json().layout;
    const definition = layoutDefinitionSchema.parse(copy.definition);
    const tooWide = { ...definition, grid: { width: 40, height: 4 } };
    const bad = await call('studioManager', 'PUT', `/api/layouts/${copy.id}`, {
      layout: { definition: tooWide },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'definition.unit.width': ['units do not fit across the page'] });
    const noBoxes = await call('studioManager', 'PUT', `/api/layouts/${copy.id}`, {
      layout: { definition: { ...definition, unit: { ...definition.unit, boxes: [] } } },
    });
    expect(noBoxes.statusCode).toBe(422);
    expect(Object.keys(noBoxes.json().errors)).toEqual(['definition.unit.boxes']);
    const missing = await call('studioManager', 'PUT', `/api/layouts/${copy.id}`, { layout: {} });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ definition: ["can't be blank"] });
    const kept = (await call('studioManager', 'GET', `/api/layouts/${copy.id}`)).json().layout;
    expect(kept.grid_width).toBe(definition.grid.width);
  });

  test("only managers copy; built-in and other organizations' layouts are never changed", async () => {
    const builtIn = layoutIds['Wallets 8-up']!;
    const definition = (await call('studioManager', 'GET', `/api/layouts/${builtIn}`)).json().layout
      .definition;
    for (const who of ['studioStaff', 'schoolStaff']) {
      expect((await call(who, 'POST', `/api/layouts/${builtIn}/copy`, {})).statusCode).toBe(403);
    }
    // Built-in: seen, but not changed.
    const builtInPut = await call('studioManager', 'PUT', `/api/layouts/${builtIn}`, {
      layout: { definition },
    });
    expect(builtInPut.statusCode).toBe(403);
    // Another tree's copy: not even seen.
    const theirs = (await call('foreignManager', 'POST', `/api/layouts/${builtIn}/copy`, {})).json().layout;
    expect((await call('studioManager', 'GET', `/api/layouts/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await call('studioManager', 'PUT', `/api/layouts/${theirs.id}`, { layout: { definition } }))
        .statusCode,
    ).toBe(404);
    expect((await call('studioManager', 'POST', `/api/layouts/${theirs.id}/copy`, {})).statusCode).toBe(404);
    // The studio's copy is seen by its school, which may not change it.
    const mine = (await call('studioManager', 'POST', `/api/layouts/${builtIn}/copy`, {})).json().layout;
    expect(
      (await call('schoolStaff', 'PUT', `/api/layouts/${mine.id}`, { layout: { definition } })).statusCode,
    ).toBe(403);
    expect(
      (await call('studioStaff', 'PUT', `/api/layouts/${mine.id}`, { layout: { definition } })).statusCode,
    ).toBe(403);
  });
});

describe('printing a selection (API.md: "subject_ids" or a selection)', () => {
  const post = (body: Record<string, unknown>) =>
    call('schoolStaff', 'POST', '/api/layout-renders', {
      layout_render: { layout_id: layoutIds['Class Composite'], project_id: projectA1, ...body },
    });

  test('a filter minus excluded ids, and included ids alone, print exactly those subjects', async () => {
    // Teacher Lee has the last six subjects; one is left out.
    const filtered = await post({
      filter: { keyword: 'lee' },
      excluded_subject_ids: [subjectsA1[6]],
    });
    expect(filtered.statusCode, filtered.body).toBe(201);
    expect(filtered.json().layout_render.subjects_count).toBe(5);
    const row = await t.ctx.db
      .selectFrom('layout_renders')
      .select('subject_ids')
      .where('id', '=', filtered.json().layout_render.id)
      .executeTakeFirstOrThrow();
    expect([...row.subject_ids].sort()).toEqual(subjectsA1.slice(7, 12).sort());

    const included = await post({ included_subject_ids: subjectsA1.slice(0, 2) });
    expect(included.json().layout_render.subjects_count).toBe(2);
    // Everything but one: an empty inclusion means all.
    const allBut = await post({ included_subject_ids: [], excluded_subject_ids: [subjectsA1[0]] });
    expect(allBut.json().layout_render.subjects_count).toBe(subjectsA1.length - 1);
  });

  test('ids and a selection together, another project’s subjects, or nothing selected are 422', async () => {
    const both = await post({ subject_ids: [subjectsA1[0]], included_subject_ids: [subjectsA1[1]] });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors.subject_ids).toEqual(['cannot be given with a selection']);
    const foreign = await post({ included_subject_ids: [subjectB] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors.subject_ids).toEqual(['has no subjects']);
    const badFilter = await post({ filter: { field_1: '999999', value_1: 'x' } });
    expect(badFilter.statusCode).toBe(422);
  });
});
