import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { TestApp } from './support/app.js';
import { projectWithFields, subjectWithPhoto } from './support/project-data.js';
import { downloadPdf, rasterise, renderAndWait } from './support/renders.js';
import { type World, worldApp } from './support/world.js';

/**
 * Camera-card sheets carry cut marks: the built-in Camera Card printed through the render job
 * to a real PDF, rasterised by pdftoppm, shows a short hairline outside each printed card's corners, in
 * line with each of its edges, and none where no card was printed nor on the cards themselves.
 */
const DPI = 200;
const px = (pt: number) => Math.round((pt * DPI) / 72);
/** The Camera Card's cards on Letter: 36 pt margins, cells of 270 x 180 pt, cards of 252 x 162 centred in them. */
const card = (i: number) => ({
  x: 45 + (i % 2) * 270,
  y: 45 + Math.floor(i / 2) * 180,
  width: 252,
  height: 162,
});

let t: TestApp;
let w: World;
let token: string;
let page: Buffer;

/** Whether the page has ink (a pixel darker than mid grey) in a rectangle given in points. */
async function inked(r: { x1: number; y1: number; x2: number; y2: number }) {
  const left = px(Math.min(r.x1, r.x2)) - 1;
  const top = px(Math.min(r.y1, r.y2)) - 1;
  const { data } = await sharp(page)
    .extract({
      left,
      top,
      width: px(Math.max(r.x1, r.x2)) + 2 - left,
      height: px(Math.max(r.y1, r.y2)) + 2 - top,
    })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data.some((v) => v < 128);
}

/** The eight marks of a card's corners: beside each corner, along both of the edges that meet there. */
function marksOf(c: ReturnType<typeof card>) {
  const marks: { x1: number; y1: number; x2: number; y2: number }[] = [];
  for (const [x, out] of [
    [c.x, -1],
    [c.x + c.width, 1],
  ] as const)
    for (const y of [c.y, c.y + c.height]) marks.push({ x1: x + out * 3, y1: y, x2: x + out * 7, y2: y });
  for (const [y, out] of [
    [c.y, -1],
    [c.y + c.height, 1],
  ] as const)
    for (const x of [c.x, c.x + c.width]) marks.push({ x1: x, y1: y + out * 3, x2: x, y2: y + out * 7 });
  return marks;
}

beforeAll(async () => {
  let tokens: Record<string, string>;
  ({ t, w, tokens } = await worldApp(['schoolStaff']));
  token = tokens.schoolStaff!;
  const project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Cut Marks', [
    'first_name',
    'last_name',
    'grade',
    'student_id',
  ]);
  const ids: string[] = [];
  for (const [first, last] of [
    ['Ada', 'Adams'],
    ['Bo', 'Baker'],
    ['Cleo', 'Carter'],
  ])
    ids.push(
      await subjectWithPhoto(t, project, {
        first_name: first!,
        last_name: last!,
        grade: '2',
        student_id: last!,
      }),
    );
  const layout = await t.ctx.db
    .selectFrom('layouts')
    .select('id')
    .where('name', '=', 'Camera Card')
    .where('organization_id', 'is', null)
    .executeTakeFirstOrThrow();
  const render = await renderAndWait(t, token, {
    project_id: project.projectId,
    layout_id: layout.id,
    subject_ids: ids,
    sort_by: ['Last Name'],
  });
  expect(render.worker_status).toBe('complete');
  page = await rasterise(await downloadPdf(t, token, render.id), { dpi: DPI });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

test('each printed card has a cut mark beside every corner, along both edges', async () => {
  for (const i of [0, 1, 2]) {
    const marks = marksOf(card(i));
    expect(marks).toHaveLength(8);
    for (const mark of marks) expect(await inked(mark), `card ${i}: ${JSON.stringify(mark)}`).toBe(true);
  }
});

test('no marks where no card was printed, and none on a card', async () => {
  // The fourth and fifth cells are empty: their corners away from the printed cards stay blank.
  expect(await inked({ x1: 45 - 7, y1: card(4).y, x2: 45 - 3, y2: card(4).y })).toBe(false);
  expect(
    await inked({ x1: card(5).x + 255, y1: card(5).y + 165, x2: card(5).x + 259, y2: card(5).y + 165 }),
  ).toBe(false);
  expect(
    await inked({
      x1: card(3).x + 252 + 3,
      y1: card(3).y + 162,
      x2: card(3).x + 252 + 7,
      y2: card(3).y + 162,
    }),
  ).toBe(false);
  // Just inside a card's corner, on the card: blank paper (the marks stay outside).
  expect(await inked({ x1: card(0).x + 2, y1: card(0).y + 2, x2: card(0).x + 5, y2: card(0).y + 2 })).toBe(
    false,
  );
});
