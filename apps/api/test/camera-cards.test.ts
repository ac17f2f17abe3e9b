/**
 * Camera cards end to end on real parts: card codes from the database default, the built-in Camera Card
 * layout printed through the render job to a real PDF, the PDF rasterised by pdftoppm, a card cut out of
 * the page and photographed (turned, on a photo-like background, in a 12 MP JPEG), and read back by
 * readCardCode with zxing-wasm.
 */
import bwipjs from 'bwip-js/node';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cardPayload, readCardCode } from '../src/images/card-code.js';
import type { TestApp } from './support/app.js';
import { photoBackground, photographCard } from './support/camera-cards.js';
import { injectAs } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { projectWithFields, subjectWithPhoto } from './support/project-data.js';
import { downloadPdf, rasterise, readPdf, renderAndWait } from './support/renders.js';
import { type World, worldApp } from './support/world.js';

const CODE = /^[0-9A-HJKMNP-TV-Z]{8}$/;
const DPI = 200;
/** The Camera Card layout's grid on Letter: 36 pt margins, 2 x 4 cells of 270 x 180 pt. */
const cell = (i: number) => ({
  x: 36 + (i % 2) * 270,
  y: 36 + Math.floor(i / 2) * 180,
  width: 270,
  height: 180,
});
const px = (pt: number) => Math.round((pt * DPI) / 72);

let t: TestApp;
let w: World;
let token: string;
let project: Awaited<ReturnType<typeof projectWithFields>>;
let cameraCardLayout: string;
/** Carter, Baker (no photo), Adams: as printed, sorted by last name. */
const subjects: { id: string; last: string }[] = [];
/** Each printed card cut out of the rasterised page, in page order. */
const printedCards: Buffer[] = [];

const subject = async (id: string) => {
  const answer = await injectAs(t.app, token, 'GET', `/api/subjects/${id}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().subject as { id: string; card_code: string };
};

beforeAll(async () => {
  let tokens: Record<string, string>;
  ({ t, w, tokens } = await worldApp(['schoolStaff']));
  token = tokens.schoolStaff!;
  project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Picture Day', [
    'first_name',
    'last_name',
    'grade',
    'teacher',
    'student_id',
  ]);
  const crop = { name: 'Default', x: 0, y: 0, width: 1, height: 1 };
  for (const [first, last, photo] of [
    ['Cleo', 'Carter', true],
    ['Bo', 'Baker', false],
    ['Ada', 'Adams', true],
  ] as const)
    subjects.push({
      last,
      id: await subjectWithPhoto(
        t,
        project,
        { first_name: first, last_name: last, grade: '4', teacher: 'Ms. Reyes', student_id: `ID-${last}` },
        photo ? { bytes: await makeJpeg(400, 500), width: 400, height: 500, crop } : undefined,
      ),
    });
  const layout = await t.ctx.db
    .selectFrom('layouts')
    .select('id')
    .where('name', '=', 'Camera Card')
    .where('organization_id', 'is', null)
    .executeTakeFirstOrThrow();
  cameraCardLayout = layout.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('card codes', () => {
  test('every subject has one of its own, 8 characters of Crockford base32, that a school sees', async () => {
    const codes = await Promise.all(subjects.map(async (s) => (await subject(s.id)).card_code));
    for (const code of codes) expect(code).toMatch(CODE);
    expect(new Set(codes).size).toBe(codes.length);
  });

  test('a subject created through the API gets one too, and PATCH never changes it', async () => {
    const created = await injectAs(t.app, token, 'POST', `/api/projects/${project.projectId}/subjects`, {
      subject: { properties: { [project.fields.first_name!]: 'Eve' } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id, card_code } = created.json().subject;
    expect(card_code).toMatch(CODE);
    const patched = await injectAs(t.app, token, 'PATCH', `/api/subjects/${id}`, {
      subject: { properties: {}, card_code: 'ZZZZZZZZ' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().subject.card_code).toBe(card_code);
    expect((await subject(id)).card_code).toBe(card_code);
    await t.ctx.db.deleteFrom('subjects').where('id', '=', id).execute();
  });

  test('unique within a project, free across projects, and only ever Crockford base32', async () => {
    const taken = (await subject(subjects[0]!.id)).card_code;
    const insert = (projectId: string, code: string) =>
      sql`INSERT INTO subjects (project_id, properties, card_code) VALUES (${projectId}, '{}', ${code})`.execute(
        t.ctx.db,
      );
    await expect(insert(project.projectId, taken)).rejects.toThrow(/subjects_project_card_code_idx/);
    const other = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Other', ['first_name']);
    await expect(insert(other.projectId, taken)).resolves.toBeDefined();
    await expect(insert(other.projectId, 'ABCDEFGI')).rejects.toThrow(/card_code/);
    await t.ctx.db.deleteFrom('subjects').where('project_id', '=', other.projectId).execute();
  });

  test('a drawn code that the project already holds is drawn again, not refused', async () => {
    const taken = (await subject(subjects[0]!.id)).card_code;
    // The draw is made to hit the taken code first, then a free one; rolled back with the transaction.
    const drawn = await t.ctx.db
      .transaction()
      .execute(async (trx) => {
        await sql`CREATE TEMP SEQUENCE draws`.execute(trx);
        await sql`CREATE OR REPLACE FUNCTION new_card_code() RETURNS text LANGUAGE sql AS $$
            SELECT CASE WHEN nextval('draws') = 1 THEN ${sql.lit(taken)} ELSE 'FREE0000' END $$`.execute(trx);
        const row = await sql<{ card_code: string }>`
          INSERT INTO subjects (project_id, properties) VALUES (${project.projectId}, '{}') RETURNING card_code`.execute(
          trx,
        );
        throw Object.assign(new Error('rollback'), { code: row.rows[0]!.card_code });
      })
      .catch((error: { code?: string }) => error.code);
    expect(drawn).toBe('FREE0000');
  });
});

describe('the Camera Card layout', { timeout: 120_000 }, () => {
  test('prints a card for every subject chosen, with a photo or without, each holding its own code', async () => {
    // The wizard's default leaves subjects without a photo out of photo layouts; cards have no photo box.
    const created = await renderAndWait(t, token, {
      project_id: project.projectId,
      layout_id: cameraCardLayout,
      subject_ids: subjects.map((s) => s.id),
      sort_by: ['Last Name'],
    });
    expect(created).toMatchObject({
      worker_status: 'complete',
      subjects_without_photo: 'leave_out',
      page_count: 1,
    });
    const pdf = await downloadPdf(t, token, created.id);
    const text = (await readPdf(pdf)).text;
    const inOrder = [...subjects].sort((a, b) => a.last.localeCompare(b.last));
    const codes = await Promise.all(inOrder.map(async (s) => (await subject(s.id)).card_code));
    for (const [i, s] of inOrder.entries()) {
      expect(text).toContain(s.last);
      expect(text).toContain(codes[i]);
      // Under the name, the Student ID: two children of one name in a class are told apart.
      expect(text).toContain(`ID-${s.last}`);
    }
    expect(text).toContain('Grade 4');
    expect(text).toContain('Ms. Reyes');
    expect(text).toContain('School A1');
    // As a camera would meet them: each card, cut out of the page as printed, reads back as its code.
    const page = await rasterise(pdf, { dpi: DPI });
    for (let i = 0; i < inOrder.length; i++) {
      const c = cell(i);
      printedCards.push(
        await sharp(page)
          .extract({ left: px(c.x), top: px(c.y), width: px(c.width), height: px(c.height) })
          .png()
          .toBuffer(),
      );
    }
    expect(await Promise.all(printedCards.map((card) => readCardCode(card)))).toEqual(codes);
    // The cells after the last card are blank paper.
    const blank = cell(inOrder.length);
    const empty = await sharp(page)
      .extract({ left: px(blank.x), top: px(blank.y), width: px(blank.width), height: px(blank.height) })
      .png()
      .toBuffer();
    expect(await readCardCode(empty)).toBeNull();
  });
});

describe('readCardCode', { timeout: 120_000 }, () => {
  const code = async (i: number) =>
    (await subject([...subjects].sort((a, b) => a.last.localeCompare(b.last))[i]!.id)).card_code;

  test('reads a printed card photographed turned 7 degrees on a busy background, at 12 MP and at working size', async () => {
    expect(printedCards).toHaveLength(3);
    const photo = await photographCard(printedCards[0]!, { angle: 7, seed: 1 });
    expect(await sharp(photo).metadata()).toMatchObject({ width: 4000, height: 3000, format: 'jpeg' });
    expect(await readCardCode(photo)).toBe(await code(0));
    const working = await sharp(photo).resize({ width: 2400 }).jpeg({ quality: 85 }).toBuffer();
    expect(await readCardCode(working)).toBe(await code(0));
    const other = await photographCard(printedCards[1]!, { angle: -6, seed: 2, share: 0.3 });
    expect(await readCardCode(other)).toBe(await code(1));
  });

  test('reads the Code 128 when the QR code is covered (a thumb over it)', async () => {
    // The QR code sits 19-91 pt across and 93-165 pt down its card's cell.
    const covered = await sharp(printedCards[2]!)
      .composite([
        {
          input: { create: { width: px(80), height: px(80), channels: 3, background: '#d9b38c' } },
          left: px(15),
          top: px(89),
        },
      ])
      .png()
      .toBuffer();
    const photo = await photographCard(covered, { angle: 3, seed: 3, share: 0.6 });
    expect(await readCardCode(photo)).toBe(await code(2));
  });

  test('answers null for a foreign QR code, a near miss of ours, a plain photo, and bytes that are no image', async () => {
    // On white paper with a quiet zone, as any printed QR code is.
    const qr = (text: string) =>
      bwipjs.toBuffer({
        bcid: 'qrcode',
        text,
        scale: 10,
        paddingwidth: 40,
        paddingheight: 40,
        backgroundcolor: 'FFFFFF',
      });
    // Working size, as the match job reads them.
    const onPhoto = async (text: string) =>
      photographCard(await qr(text), { width: 2400, height: 1600, share: 0.25, seed: 4 });
    // The same QR code with our payload reads: the photos below fail for their text, not their look.
    expect(await readCardCode(await onPhoto(cardPayload('7M3Q9XKD')))).toBe('7M3Q9XKD');
    expect(await readCardCode(await onPhoto('https://example.com/tickets/42'))).toBeNull();
    expect(await readCardCode(await onPhoto('SPC1:7m3q9xkd'))).toBeNull();
    expect(await readCardCode(await onPhoto('SPC1:7M3Q9XKI'))).toBeNull();
    expect(await readCardCode(await onPhoto('SPC2:7M3Q9XKD'))).toBeNull();
    expect(await readCardCode(await photoBackground(4000, 3000, 5))).toBeNull();
    expect(await readCardCode(await photoBackground(2400, 1600, 6))).toBeNull();
    expect(await readCardCode(Buffer.from('not an image at all'))).toBeNull();
  });
});
