/**
 * The built-in layouts as a school sees them: the rules a print follows (subjects without a photo, the
 * PDF's title, a composite's heading and grid) and one reference rendering per built-in layout.
 *
 * Reference renderings: page 1 of each built-in layout's PDF for the same fixed subjects and photos
 * (drawn from SVG, no noise), rasterised by pdftoppm at 50 dpi, compared pixel by pixel with the PNG
 * kept in test/fixtures/renders/ (mean difference and share of changed pixels, with a tolerance for
 * anti-aliasing). A layout change shows up here: look at the new PNGs, and when they are right,
 * regenerate them with
 *
 *   UPDATE_REFERENCES=1 npx vitest run --project api apps/api/test/layout-references.test.ts
 *
 * and commit the PNGs. On a failure the rendering made is written next to the reference as
 * `<name>.actual.png` (not committed) so the two can be looked at side by side.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { layoutDefinitionSchema } from '@school-portal/domain';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { namesInLayout } from '../src/modules/layouts/hidden-fields.js';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, signIn } from './support/factories.js';
import { portraitSvg } from './support/images.js';
import { projectWithFields, subjectWithPhoto } from './support/project-data.js';
import { downloadPdf, rasterise, readPdf, renderAndWait } from './support/renders.js';
import { buildWorld, type World } from './support/world.js';

const REFERENCES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'renders');
const UPDATE = process.env.UPDATE_REFERENCES === '1';

let t: TestApp;
let w: World;
let token: string;
let projectId: string;
const layoutIds: Record<string, string> = {};
/** Ms. Lee's Grade 3 (13 with photos, the last without), then Mr. Ortiz's kindergarten (4). */
const lee: string[] = [];
const ortiz: string[] = [];

const LEE = [
  ['Ava', 'Anderson'],
  ['Ben', 'Baker'],
  ['Chloe', 'Carter'],
  ['Diego', 'Díaz'],
  ['Emma', 'Edwards'],
  ['Finn', 'Fischer'],
  ['Grace', 'García'],
  ['Henry', 'Hughes'],
  ['Isla', 'Ibrahim'],
  ['Jack', 'Johnson'],
  ['Kai', 'Kowalski'],
  ['Lily', 'López'],
  ['Maximilian', 'Montgomery-Whitfield'],
  ['Nora', 'Nakamura'],
];
const ORTIZ = [
  ['Owen', 'Olsen'],
  ['Pia', 'Patel'],
  ['Quinn', 'Quigley'],
  ['Rosa', 'Ramírez'],
];

/** A portrait-like photo drawn from SVG (the same bytes every run): a backdrop, a head and shoulders. */
const portrait = (i: number) =>
  sharp(Buffer.from(portraitSvg(800, 1000, i)))
    .jpeg({ quality: 90 })
    .toBuffer();

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.ctx.db);
  token = await signIn(t.app, w.users.schoolStaff!.email);
  const season = await t.ctx.db
    .insertInto('seasons')
    .values({ organization_id: w.orgs.schoolA1.id, name: 'Fall 2026' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const p = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Fall Pictures', [
    'first_name',
    'last_name',
    'teacher',
    'grade',
    'student_id',
  ]);
  projectId = p.projectId;
  await t.ctx.db.updateTable('projects').set({ season_id: season.id }).where('id', '=', projectId).execute();
  const crop = { name: 'Default', x: 0.05, y: 0.05, width: 0.9, height: 0.9 };
  const add = async (
    first: string,
    last: string,
    teacher: string,
    grade: string,
    n: number,
    photo: boolean,
  ) =>
    subjectWithPhoto(
      t,
      p,
      { first_name: first, last_name: last, teacher, grade, student_id: `S${2000 + n}` },
      photo ? { bytes: await portrait(n), width: 800, height: 1000, crop } : undefined,
    );
  for (const [i, [first, last]] of LEE.entries())
    lee.push(await add(first!, last!, 'Ms. Lee', '3', i, i !== LEE.length - 1));
  for (const [i, [first, last]] of ORTIZ.entries())
    ortiz.push(await add(first!, last!, 'Mr. Ortiz', 'K', 100 + i, true));
  // Camera card codes are random: fixed ones here, so that the cards' QR codes draw the same every run.
  for (const [i, id] of [...lee, ...ortiz].entries())
    await sql`UPDATE subjects SET card_code = ${`CARD${String(i).padStart(4, '0')}`} WHERE id = ${id}`.execute(
      t.ctx.db,
    );
  // Family access codes too (a notice's code and its QR), which are otherwise given at random when it prints.
  const codeAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  for (const [i, id] of [...lee, ...ortiz].entries())
    await t.ctx.db
      .insertInto('family_access_codes')
      .values({ subject_id: id, code: `FAMLYCDE${codeAlphabet[i >> 5]}${codeAlphabet[i % 32]}` })
      .execute();
  for (const l of await t.ctx.db
    .selectFrom('layouts')
    .select(['id', 'name'])
    .where('organization_id', 'is', null)
    .execute())
    layoutIds[l.name] = l.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const render = (body: Record<string, unknown>) => renderAndWait(t, token, { project_id: projectId, ...body });
const pdfOf = async (body: Record<string, unknown>) => {
  const r = await render(body);
  expect(r.worker_status, r.failure_reason).toBe('complete');
  return { render: r, pdf: await downloadPdf(t, token, r.id) };
};
const noPhoto = () => lee[lee.length - 1]!;

describe('subjects without a photo', () => {
  test('are left out by default: 8x10 Portrait prints one page per subject with a photo, none blank', async () => {
    const { render: r, pdf } = await pdfOf({
      layout_id: layoutIds['8x10 Portrait'],
      subject_ids: [lee[0], noPhoto(), lee[1]],
    });
    expect(r).toMatchObject({ subjects_without_photo: 'leave_out', subjects_count: 3, page_count: 2 });
    const read = await readPdf(pdf);
    expect(read.pages).toBe(2);
    expect(read.images.pages.map((p) => p.images.length)).toEqual([1, 1]);
  });

  test('as placeholders, each is labelled with the name, never a blank grey page', async () => {
    const { render: r, pdf } = await pdfOf({
      layout_id: layoutIds['8x10 Portrait'],
      subject_ids: [noPhoto()],
      subjects_without_photo: 'placeholder',
    });
    expect(r).toMatchObject({ subjects_without_photo: 'placeholder', page_count: 1 });
    const read = await readPdf(pdf);
    expect(read.text).toContain('Nora Nakamura');
    expect(read.text).toContain('No photo');
    // As a person sees it: the name is printed large across the middle of the page.
    const png = await rasterise(pdf, { dpi: 36 });
    const band = await sharp(png).extract({ left: 20, top: 170, width: 248, height: 40 }).stats();
    expect(band.channels[0]!.min).toBeLessThan(60);
  });

  test('left out, a print of only subjects without a photo is 422 at once, and nothing is queued', async () => {
    const create = (subjects_without_photo: string, layout: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/layout-renders',
        headers: bearer(token),
        payload: {
          layout_render: {
            layout_id: layoutIds[layout],
            project_id: projectId,
            subject_ids: [noPhoto()],
            subjects_without_photo,
          },
        },
      });
    const renders = () =>
      t.ctx.db
        .selectFrom('layout_renders')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow();
    const before = await renders();
    const refused = await create('leave_out', 'Class Composite');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      subjects_without_photo: ['leaves out every chosen subject, since none has a photo'],
    });
    expect(await renders()).toEqual(before);
    // With placeholders the same subject prints.
    expect((await create('placeholder', 'Class Composite')).statusCode).toBe(201);
  });

  test('a value other than leave_out or placeholder is 422 naming the field', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/layout-renders',
      headers: bearer(token),
      payload: {
        layout_render: {
          layout_id: layoutIds['Class Composite'],
          project_id: projectId,
          subjects_without_photo: 'blank',
        },
      },
    });
    expect(answer.statusCode).toBe(422);
    expect(Object.keys(answer.json().errors)).toEqual(['subjects_without_photo']);
  });
});

describe('what a print says about itself', () => {
  test('the fields a heading or a placeholder prints count as printed (hidden fields mark the print)', () => {
    const names = namesInLayout(
      layoutDefinitionSchema.parse({
        page: { width: 612, height: 792 },
        grid: { width: 1, height: 1 },
        title: { lines: [{ parts: ['{Notes}'], otherwise: '{Room}', size: 12 }] },
        unit: { width: 100, height: 100, boxes: [{ kind: 'photo', x: 0, y: 0, width: 50, height: 50 }] },
      }),
    );
    expect([...names].sort()).toEqual(['Display Name', 'Notes', 'Room', 'group']);
  });

  test("the PDF's title is the render's name", async () => {
    const { pdf } = await pdfOf({
      layout_id: layoutIds['Wallets 8-up'],
      subject_ids: [lee[0]],
      pdf_name: 'Wallets – Ms. Lee',
    });
    expect((await readPdf(pdf)).info.Title).toBe('Wallets – Ms. Lee');
  });

  test("a render's batch name heads each page of a sheet above the school, printed as given (never read as a field)", async () => {
    const { pdf } = await pdfOf({
      layout_id: layoutIds['Class Composite'],
      subject_ids: ortiz,
      group_by: ['Grade'],
      batch_name: 'Retakes for {Teacher}',
    });
    const page = (await readPdf(pdf)).pageTexts[0]!;
    expect(page).toContain('Retakes for Teacher');
    expect(page).not.toContain('Retakes for Mr. Ortiz');
    expect(page.indexOf('Retakes for Teacher')).toBeLessThan(page.indexOf('School A1'));
    expect(page).toContain('Grade K · Mr. Ortiz');
  });

  test('a class composite is headed by the school, the class and the season; a smaller class gets bigger photos', async () => {
    const { pdf } = await pdfOf({
      layout_id: layoutIds['Class Composite'],
      group_by: ['Teacher'],
      sort_by: ['Last Name', 'First Name'],
      subjects_without_photo: 'placeholder',
    });
    const read = await readPdf(pdf);
    expect(read.pages).toBe(2);
    // Grouped by teacher: Mr. Ortiz's class first.
    for (const [page, heading] of [
      [0, 'Grade K · Mr. Ortiz'],
      [1, 'Grade 3 · Ms. Lee'],
    ] as const) {
      expect(read.pageTexts[page]).toContain('School A1');
      expect(read.pageTexts[page]).toContain(heading);
      expect(read.pageTexts[page]).toContain('Fall 2026');
    }
    // Names are whole (two lines, never cut with an ellipsis), even a long one.
    expect(read.pageTexts[1]).toContain('Montgomery-Whitfield');
    expect(read.text).not.toContain('…');
    // The grid is sized to the class: 4 subjects get bigger photos than 14, and both more than the
    // layout's 64x80 pt unit photo (267 px wide at 300 dpi).
    const widths = read.images.pages.map((p) => Math.max(...p.images.map((i) => i.width)));
    expect(widths[0]).toBeGreaterThan(widths[1]!);
    expect(widths[1]).toBeGreaterThan(267 * 1.3);
  });
});

/** Mean absolute difference (0-255) and share of pixels differing by more than 48 in a channel. */
async function compare(actual: Buffer, expected: Buffer) {
  const a = await sharp(actual).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const e = await sharp(expected).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  if (a.info.width !== e.info.width || a.info.height !== e.info.height)
    return {
      size: `${a.info.width}x${a.info.height} vs ${e.info.width}x${e.info.height}`,
      mean: 255,
      changed: 1,
    };
  let sum = 0;
  let changed = 0;
  const channels = a.info.channels;
  for (let i = 0; i < a.data.length; i += channels) {
    let worst = 0;
    for (let c = 0; c < channels; c++) {
      const d = Math.abs(a.data[i + c]! - e.data[i + c]!);
      sum += d;
      worst = Math.max(worst, d);
    }
    if (worst > 48) changed++;
  }
  return { size: 'same', mean: sum / a.data.length, changed: changed / (a.data.length / channels) };
}

describe('reference renderings of the built-in layouts (page 1 at 50 dpi)', () => {
  const everyone = () => [...lee, ...ortiz];
  const cases: [string, () => Record<string, unknown>][] = [
    ['8x10 Portrait', () => ({ subject_ids: [lee[0]] })],
    ['8x10 Portrait without a photo', () => ({ subject_ids: [noPhoto()] })],
    ['5x7 with Two Wallets', () => ({ subject_ids: [lee[1]] })],
    ['Wallets 8-up', () => ({ subject_ids: [lee[2]] })],
    // Ms. Lee's class of 14, one of them without a photo.
    ['Class Composite', () => ({ subject_ids: lee, group_by: ['Grade'], sort_by: ['Last Name'] })],
    ['ID Cards CR-80 10-up', () => ({ subject_ids: everyone(), sort_by: ['Last Name'] })],
    ['Contact Sheet', () => ({ subject_ids: lee, group_by: ['Grade'], sort_by: ['Last Name'] })],
    [
      'Subject Directory',
      () => ({ subject_ids: everyone(), group_by: ['Teacher'], sort_by: ['Last Name', 'First Name'] }),
    ],
    // Cards print for every subject chosen, photo or not (Nora Nakamura has none).
    ['Camera Card', () => ({ subject_ids: everyone(), sort_by: ['Last Name'] })],
    ['Camera Card with Family Code', () => ({ subject_ids: everyone(), sort_by: ['Last Name'] })],
    ['Family Notice', () => ({ subject_ids: [lee[0], lee[1]] })],
  ];

  test('every built-in layout has a reference', async () => {
    expect(Object.keys(layoutIds).sort()).toEqual(
      cases
        .map(([name]) => name)
        .filter((name) => layoutIds[name])
        .sort(),
    );
    expect(cases.every(([name]) => layoutIds[name.replace(/ without a photo$/, '')])).toBe(true);
  });

  test.each(cases)('%s', async (name, body) => {
    const { pdf } = await pdfOf({
      layout_id: layoutIds[name.replace(/ without a photo$/, '')],
      subjects_without_photo: 'placeholder',
      ...body(),
    });
    const png = await rasterise(pdf, { dpi: 50 });
    const file = path.join(REFERENCES, `${name.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}.png`);
    const actualFile = file.replace(/\.png$/, '.actual.png');
    if (UPDATE || !existsSync(file)) {
      expect(UPDATE, `no reference ${file}: run with UPDATE_REFERENCES=1`).toBe(true);
      await mkdir(REFERENCES, { recursive: true });
      await writeFile(file, await sharp(png).png({ compressionLevel: 9, palette: false }).toBuffer());
      return;
    }
    const diff = await compare(png, await readFile(file));
    if (diff.size !== 'same' || diff.mean > 1.5 || diff.changed > 0.005) await writeFile(actualFile, png);
    else await rm(actualFile, { force: true });
    expect(diff.size).toBe('same');
    expect(diff.mean).toBeLessThan(1.5);
    expect(diff.changed).toBeLessThan(0.005);
  });
});
