import path from 'node:path';
import { CHECK_CODES, DEFAULT_HEAD_SIZE_RULE, type HeadSizeRule } from '@school-portal/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { z } from 'zod';
import {
  BLUR_MIN_LAPLACIAN_VARIANCE,
  DEFAULT_LARGEST_OUTPUT_HEIGHT,
  examinePortrait,
  OVEREXPOSED_MEAN_LUMA,
  UNDEREXPOSED_MEAN_LUMA,
} from '../src/modules/photos/checks/checks.js';
import { checkPhoto } from '../src/modules/photos/checks/job.js';
import type { photoCheckCountsSchema, photoCheckSchema } from '../src/modules/photos/checks/serialize.js';
import { exportPhotoSources, printSources } from '../src/modules/photos/queries.js';
import { cropFor } from '../src/modules/project-exports/subjects.js';
import { eventually, type ListeningTestApp, listeningTestApp, type PresignedPost } from './support/app.js';
import { standardFormatId } from './support/export-format.js';
import { albumThroughApi, injectAs, projectThroughApi, ROSTER_FIELDS } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { HUMAN_ASSETS, headInPortrait, portrait } from './support/portraits.js';
import { insertSubject } from './support/rows.js';
import { inWorld, type World } from './support/world.js';
import { readZip } from './support/zip.js';

/** Faces found, flags raised and auto crops made on real photographs (support/portraits.ts). */
const GROUP = path.join(HUMAN_ASSETS, 'screenshot-facedetect.jpg');

/** The default head-size rule met by `crop` against the head as seen by eye: its share, the eye line. */
function expectDefaultRuleMet(head: ReturnType<typeof headInPortrait>, crop: { y: number; height: number }) {
  expect(
    Math.abs((head.chin - head.crown) / crop.height - DEFAULT_HEAD_SIZE_RULE.head_size_share),
  ).toBeLessThan(0.1);
  expect(
    Math.abs((head.eyes - crop.y) / crop.height - DEFAULT_HEAD_SIZE_RULE.eye_line_from_top),
  ).toBeLessThan(0.05);
}

const examineDefaults = {
  originalHeight: 4000,
  largestOutputHeight: DEFAULT_LARGEST_OUTPUT_HEIGHT,
  rule: DEFAULT_HEAD_SIZE_RULE,
};

/** As the job sees a photo: its 600 px rendition. */
const rendition = (bytes: Buffer) =>
  sharp(bytes).rotate().resize({ height: 600 }).jpeg({ quality: 82 }).toBuffer();
const codesOf = async (bytes: Buffer, rule: HeadSizeRule = DEFAULT_HEAD_SIZE_RULE) => {
  const { height } = await sharp(bytes).metadata();
  const found = await examinePortrait(await rendition(bytes), {
    originalHeight: height!,
    largestOutputHeight: DEFAULT_LARGEST_OUTPUT_HEIGHT,
    rule,
  });
  return found.checks.map((c) => c.code);
};

let t: ListeningTestApp;
let w: World;
let tokens: Record<string, string>;
let projectId: string;
let fields: Record<string, string>;
let albumId: string;
let sharpPortrait: Buffer;

beforeAll(async () => {
  ({ t, w, tokens } = await inWorld(await listeningTestApp()));
  ({ id: projectId, fields } = await projectThroughApi(t.app, tokens.studioManager!, {
    name: 'Portraits',
    organizationId: w.orgs.schoolA1.id,
    templateOrganizationId: w.orgs.studioA.id,
    fields: [...ROSTER_FIELDS, { field_key: 'home_room' }],
  }));
  albumId = await albumThroughApi(t.app, tokens.studioManager!, projectId);
  sharpPortrait = await portrait();
}, 60_000);
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, who = 'studioManager') =>
  injectAs(t.app, tokens[who]!, method, url, payload);

/** A photo through the browser's flow (record, bytes to the presigned form, verify), then checked. */
async function checkedPhoto(bytes: Buffer, name: string) {
  const created = await call('POST', `/api/albums/${albumId}/photos`, {
    photo: { upload_file_name: name, upload_file_size: bytes.length, upload_content_type: 'image/jpeg' },
  });
  expect(created.statusCode).toBe(201);
  const { id, presigned_post: post } = created.json().photo as { id: string; presigned_post: PresignedPost };
  expect((await t.upload(post, bytes, name)).status).toBe(204);
  expect([200, 202]).toContain((await call('PATCH', `/api/photos/${id}/verify`)).statusCode);
  return eventually(
    () =>
      t.ctx.db
        .selectFrom('photos')
        .select(['id', 'face', 'checks', 'width', 'height', 'checked_at'])
        .where('id', '=', id)
        .where('checked_at', 'is not', null)
        .executeTakeFirst(),
    60_000,
  );
}

const cropsOf = (photoId: string) =>
  t.ctx.db.selectFrom('photo_crops').selectAll().where('photo_id', '=', photoId).orderBy('id').execute();

describe('a verified portrait gets its face, flags and auto crops without a click', () => {
  test('the face box lies on the face; the auto crops hold the whole head by the rule', async () => {
    const photo = await checkedPhoto(sharpPortrait, 'portrait.jpg');
    expect(photo.checks).toEqual([]);
    const head = headInPortrait();
    const face = photo.face!;
    // The box covers the face (its centre between the head's sides), from about the crown to the chin.
    expect(face.x + face.width / 2).toBeGreaterThan(head.left);
    expect(face.x + face.width / 2).toBeLessThan(head.right);
    expect(Math.abs(face.y - head.crown)).toBeLessThan(0.07);
    expect(Math.abs(face.y + face.height - head.chin)).toBeLessThan(0.07);
    expect(face.eye_y).toBeGreaterThan(face.y);
    expect(face.eye_y).toBeLessThan(face.y + face.height / 2);

    const crops = await cropsOf(photo.id);
    expect(crops.map((c) => [c.source, c.aspect, c.is_default])).toEqual([['auto', 0.8, true]]);
    // On the wire: the photo carries its face and flags, its crop says it was made by the computer.
    const shown = (await call('GET', `/api/photos/${photo.id}`)).json().photo;
    expect([shown.face, shown.checks, shown.retake_needed]).toEqual([face, [], false]);
    const listed = (await call('GET', `/api/photos/${photo.id}/photo-crops`)).json().photo_crops;
    expect(listed.map((c: { source: string }) => c.source)).toEqual(['auto']);
    expect(shown.default_photo_crop_id).toBe(listed[0].id);
    const crop = crops[0]!;
    // The crop holds the whole head as seen by eye, with room above the crown.
    expect(crop.y).toBeLessThan(head.crown - 0.03);
    expect(crop.y + crop.height).toBeGreaterThan(head.chin + 0.03);
    expect(crop.x).toBeLessThan(head.left);
    expect(crop.x + crop.width).toBeGreaterThan(head.right);
    // Its shape is 8x10 in pixels.
    expect((crop.width * photo.width!) / (crop.height * photo.height!)).toBeCloseTo(0.8, 2);

    // The rule met against the head as seen by eye: its share of the frame, and the eye line's height.
    expectDefaultRuleMet(head, crop);
  });

  test('the checks take the faces its verification found in the same rendition, and detect only without them', async () => {
    const photo = await checkedPhoto(sharpPortrait, 'found-before.jpg');
    const found = (await examinePortrait(await rendition(sharpPortrait), examineDefaults)).detected;
    expect(found).toHaveLength(1);
    // Planted a tenth of the width to the right: the job's face follows the planted one, not the photo.
    const moved = found.map((f) => ({
      ...f,
      box: { ...f.box, x: f.box.x + 0.1 },
      leftEye: [f.leftEye[0] + 0.1, f.leftEye[1]] as [number, number],
      rightEye: [f.rightEye[0] + 0.1, f.rightEye[1]] as [number, number],
      mouth: [f.mouth[0] + 0.1, f.mouth[1]] as [number, number],
    }));
    const faceAfterCheck = async (detected: typeof found | null) => {
      await t.ctx.db
        .updateTable('photos')
        .set({ detected_faces: detected ? JSON.stringify(detected) : null })
        .where('id', '=', photo.id)
        .execute();
      await checkPhoto(t.ctx, photo.id);
      const row = await t.ctx.db
        .selectFrom('photos')
        .select('face')
        .where('id', '=', photo.id)
        .executeTakeFirstOrThrow();
      return row.face!;
    };
    expect((await faceAfterCheck(moved)).x - photo.face!.x).toBeCloseTo(0.1, 2);
    expect((await faceAfterCheck(null)).x).toBeCloseTo(photo.face!.x, 3);
  });

  test('a photo without a face is flagged and keeps the centred fallback (no crop)', async () => {
    const photo = await checkedPhoto(await makeJpeg(900, 1100), 'empty.jpg');
    expect(photo.face).toBeNull();
    expect(photo.checks.map((c) => c.code)).toContain('no_face');
    expect(photo.checks[0]!.message).toMatch(/No face was found/);
    const shown = (await call('GET', `/api/photos/${photo.id}`, undefined, 'schoolStaff')).json().photo;
    expect([shown.face, shown.checks.map((c: { code: string }) => c.code)]).toEqual([null, ['no_face']]);
    expect(await cropsOf(photo.id)).toEqual([]);
  });

  test('a manual crop is never overwritten; auto crops follow a new head-size rule', async () => {
    const photo = await checkedPhoto(sharpPortrait, 'manual.jpg');
    const manual = await call('POST', `/api/photos/${photo.id}/photo-crops`, {
      photo_crop: { x: 0.1, y: 0.1, width: 0.5, height: 0.6, is_default: true },
    });
    expect(manual.statusCode).toBe(201);
    const before = (await cropsOf(photo.id)).find((c) => c.source === 'auto')!;
    expect(before.is_default).toBe(false);

    const rule = { head_size_share: 0.6, eye_line_from_top: 0.35 };
    const answer = await call('POST', `/api/projects/${projectId}/auto-crops`, { head_size: rule });
    expect(answer.statusCode).toBe(202);
    const after = await eventually(async () => {
      const auto = (await cropsOf(photo.id)).find((c) => c.source === 'auto');
      return auto && auto.id !== before.id ? auto : null;
    });
    // A bigger head: a smaller frame around the same head.
    expect(after.height).toBeCloseTo((before.height * 0.5) / 0.6, 3);
    const crops = await cropsOf(photo.id);
    const kept = crops.find((c) => c.source === 'manual')!;
    expect([kept.x, kept.y, kept.width, kept.height, kept.is_default]).toEqual([0.1, 0.1, 0.5, 0.6, true]);
    expect(crops).toHaveLength(2);
  });

  test('exports take the auto crop where no manual crop exists, and a manual crop over it', async () => {
    const photo = await checkedPhoto(sharpPortrait, 'export.jpg');
    const subject = await t.ctx.db
      .insertInto('subjects')
      .values({ project_id: projectId, properties: '{}' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.ctx.db
      .insertInto('subject_photo_assignments')
      .values({ subject_id: subject.id, photo_id: photo.id, is_primary: true })
      .execute();
    const size = { width: photo.width!, height: photo.height!, orientation: 1 };
    const chosen = async () => {
      const { crops } = await exportPhotoSources(t.ctx.db, [subject.id]);
      return cropFor(size, crops, true);
    };
    const auto = (await cropsOf(photo.id))[0]!;
    expect((await chosen()).crop).toEqual({
      x: Math.round(auto.x * size.width),
      y: Math.round(auto.y * size.height),
      width: Math.round(auto.width * size.width),
      height: Math.round(auto.height * size.height),
    });
    // The pre-export check counts it as auto-cropped.
    const pspa = await standardFormatId(t.ctx.db, 'pspa_yearbook');
    const autoCropped = async () => {
      const checked = await call('POST', `/api/projects/${projectId}/project-exports/check`, {
        project_export: { project_export_format_id: pspa },
      });
      expect(checked.statusCode, checked.body).toBe(200);
      const issues = checked.json().report.issues as {
        code: string;
        subject_ids: string[];
        message: string;
      }[];
      return issues.find((i) => i.code === 'auto_cropped');
    };
    expect(await autoCropped()).toMatchObject({
      subject_ids: [subject.id],
      message: "1 subject is auto-cropped by the project's head-size rule.",
    });
    // A person's crop, not even the default one, wins.
    const manual = await call('POST', `/api/photos/${photo.id}/photo-crops`, {
      photo_crop: { name: 'Mine', x: 0.2, y: 0.1, width: 0.5, height: 0.7 },
    });
    expect(manual.statusCode).toBe(201);
    expect((await chosen()).name).toBe('Mine');
    expect(await autoCropped()).toBeUndefined();
  });

  test('the rule is validated (422 with the field), and a school may not change it (403)', async () => {
    const bad = await call('POST', `/api/projects/${projectId}/auto-crops`, {
      head_size: { head_size_share: 1.5 },
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('head_size_share');
    const school = await call('POST', `/api/projects/${projectId}/auto-crops`, {}, 'schoolStaff');
    expect(school.statusCode).toBe(403);
  });
});

describe('quality flags, each threshold crossed on a real face', () => {
  test('blurred: a blurred copy of the sharp portrait is flagged, the sharp one is not', async () => {
    expect(BLUR_MIN_LAPLACIAN_VARIANCE).toBeGreaterThan(0);
    expect(await codesOf(sharpPortrait)).toEqual([]);
    const blurred = await sharp(sharpPortrait).blur(5).jpeg().toBuffer();
    expect(await codesOf(blurred)).toEqual(['blurred']);
  });

  test('a black-and-white portrait (one channel) is examined as its colour original, from its bytes or its pixels', async () => {
    const grey = await sharp(await rendition(sharpPortrait))
      .toColourspace('b-w')
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(grey.info.channels).toBe(1);
    const examine = (image: Parameters<typeof examinePortrait>[0]) =>
      examinePortrait(image, {
        originalHeight: 4000,
        largestOutputHeight: DEFAULT_LARGEST_OUTPUT_HEIGHT,
        rule: DEFAULT_HEAD_SIZE_RULE,
      });
    const pixels = {
      data: grey.data,
      width: grey.info.width,
      height: grey.info.height,
      channels: 1 as const,
    };
    const fromBytes = await examine(await sharp(grey.data, { raw: grey.info }).jpeg().toBuffer());
    const fromPixels = await examine(pixels);
    for (const found of [fromBytes, fromPixels]) {
      expect(found.face).not.toBeNull();
      expect(found.checks).toEqual([]);
    }
  });

  test('underexposed and overexposed: the face darkened and brightened', async () => {
    const mildlyDark = await sharp(sharpPortrait).linear(0.7, 0).jpeg().toBuffer();
    expect(await codesOf(mildlyDark)).not.toContain('underexposed');
    const dark = await sharp(sharpPortrait).linear(0.35, 0).jpeg().toBuffer();
    expect(await codesOf(dark)).toContain('underexposed');
    const mildlyBright = await sharp(sharpPortrait).linear(1.1, 30).jpeg().toBuffer();
    expect(await codesOf(mildlyBright)).not.toContain('overexposed');
    const bright = await sharp(sharpPortrait).linear(1.4, 90).jpeg().toBuffer();
    expect(await codesOf(bright)).toContain('overexposed');
    expect(UNDEREXPOSED_MEAN_LUMA).toBeLessThan(OVEREXPOSED_MEAN_LUMA);
  });

  test('too_small: the same portrait at a quarter of its size would be enlarged for the output', async () => {
    const small = await sharp(sharpPortrait).resize({ height: 600 }).jpeg().toBuffer();
    expect(await codesOf(small)).toContain('too_small');
  });

  test('face_cut: the portrait cut through the forehead', async () => {
    const { width, height } = await sharp(sharpPortrait).metadata();
    const top = Math.round((headInPortrait().crown + 0.08) * height!);
    const cut = await sharp(sharpPortrait)
      .extract({ left: 0, top, width: width!, height: height! - top })
      .jpeg()
      .toBuffer();
    expect(await codesOf(cut)).toContain('face_cut');
  });

  test('several_faces: a row of portraits', async () => {
    const codes = await codesOf(await sharp(GROUP).jpeg().toBuffer());
    expect(codes).toContain('several_faces');
  });
});

/** A subject of the project with these values by field key, the photo its primary one. */
async function subjectWithPhoto(photoId: string, values: Record<string, string>) {
  const subjectId = await insertSubject(t.ctx.db, projectId, fields, values);
  await t.ctx.db
    .insertInto('subject_photo_assignments')
    .values({ subject_id: subjectId, photo_id: photoId, is_primary: true })
    .execute();
  return subjectId;
}

/** A photo on the review list, as the API's answer schema has it. */
type Item = z.infer<typeof photoCheckSchema>;
const listed = async (query = '', who = 'studioManager') => {
  const answer = await call('GET', `/api/projects/${projectId}/photo-checks${query}`, undefined, who);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as {
    photo_checks: Item[];
    meta: { total: number; counts: z.infer<typeof photoCheckCountsSchema> };
  };
};
const idsOf = (body: { photo_checks: Item[] }) => body.photo_checks.map((p) => p.photo_id);

describe('the review list', () => {
  test("flagged photos by flag; a school sees its own students' photos only, another organization gets 404", async () => {
    // Two photos without a face: one a subject's, one not (a studio's shot not assigned, or ignored).
    const assigned = await checkedPhoto(await makeJpeg(900, 1100), 'assigned.jpg');
    await subjectWithPhoto(assigned.id, { first_name: 'Nia', last_name: 'Noface' });
    const loose = await checkedPhoto(await makeJpeg(900, 1100), 'loose.jpg');
    const studio = await listed('?code=no_face&limit=100');
    expect(studio.photo_checks.every((p) => p.checks.some((c) => c.code === 'no_face'))).toBe(true);
    expect(idsOf(studio)).toEqual(expect.arrayContaining([assigned.id, loose.id]));
    const school = await listed('?code=no_face&limit=100', 'schoolStaff');
    expect(idsOf(school)).toContain(assigned.id);
    expect(idsOf(school)).not.toContain(loose.id);
    // Every photo the school is shown is a subject's, and its counts are of those photos.
    expect(school.photo_checks.every((p) => p.subject !== null)).toBe(true);
    expect(school.meta.counts.checked).toBeLessThan(studio.meta.counts.checked);
    expect(school.meta.counts.by_code.no_face).toBe(school.meta.total);

    expect(
      (await call('GET', `/api/projects/${projectId}/photo-checks`, undefined, 'foreignManager')).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/projects/${projectId}/photo-checks`, undefined, 'memberSchoolB')).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/projects/${projectId}/photo-checks?code=bogus`)).statusCode).toBe(400);
    expect((await call('GET', `/api/projects/${projectId}/photo-checks?state=bogus`)).statusCode).toBe(400);
  });

  test('an item carries its subject, thumbnail, auto crop and whether a person cropped it; class filters', async () => {
    const photo = await checkedPhoto(await makeJpeg(900, 1100), 'class.jpg');
    const subjectId = await subjectWithPhoto(photo.id, {
      first_name: 'Ada',
      last_name: 'Lovelace',
      teacher: 'Ms Lane',
      grade: '4',
      home_room: '12B',
    });
    for (const value of ['Ms Lane', '4', '12B']) {
      const body = await listed(`?class=${encodeURIComponent(value)}`);
      expect(idsOf(body)).toEqual([photo.id]);
      const item = body.photo_checks[0]!;
      expect(item.subject).toEqual({ id: subjectId, name: 'Ada Lovelace' });
      expect(item.thumbnail_url).toMatch(/\/small\?/);
      expect([item.auto_crop, item.has_manual_crop]).toEqual([null, false]);
    }
    expect((await listed('?class=Mr%20Other')).photo_checks).toEqual([]);
    // A class value in a field that is not a class (the first name) finds nothing.
    expect((await listed('?class=Ada')).photo_checks).toEqual([]);
    const crop = await call('POST', `/api/photos/${photo.id}/photo-crops`, {
      photo_crop: { x: 0.1, y: 0.1, width: 0.5, height: 0.6 },
    });
    expect(crop.statusCode).toBe(201);
    expect((await listed('?class=12B')).photo_checks[0]!.has_manual_crop).toBe(true);
  });

  test('accepting takes a photo off the open list (flags kept) and counts it; reopening puts it back', async () => {
    const photo = await checkedPhoto(await makeJpeg(900, 1100), 'accept.jpg');
    const before = (await listed()).meta.counts;
    expect(before.by_code.no_face).toBeGreaterThanOrEqual(1);
    expect(Object.keys(before.by_code).sort()).toEqual([...CHECK_CODES].sort());
    expect(
      (await call('PATCH', `/api/photos/${photo.id}`, { photo: { checks_accepted: true } }, 'schoolStaff'))
        .statusCode,
    ).toBe(403);
    expect((await call('PATCH', `/api/photos/${photo.id}`, { photo: {} })).statusCode).toBeOneOf([400, 422]);

    const accepted = await call('PATCH', `/api/photos/${photo.id}`, { photo: { checks_accepted: true } });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const item = accepted.json().photo_check as Item;
    expect([item.checks_accepted, item.checks.map((c) => c.code)]).toEqual([true, ['no_face']]);
    const stored = await t.ctx.db
      .selectFrom('photos')
      .select(['checks_accepted_by'])
      .where('id', '=', photo.id)
      .executeTakeFirstOrThrow();
    expect(stored.checks_accepted_by).toBe(w.users.studioManager!.id);

    const open = await listed();
    expect(idsOf(open)).not.toContain(photo.id);
    expect(idsOf(await listed('?state=accepted'))).toContain(photo.id);
    expect(idsOf(await listed('?state=all'))).toContain(photo.id);
    expect(open.meta.counts.flagged_open).toBe(before.flagged_open - 1);
    expect(open.meta.counts.accepted).toBe(before.accepted + 1);
    expect(open.meta.counts.by_code.no_face).toBe(before.by_code.no_face! - 1);

    await call('PATCH', `/api/photos/${photo.id}`, { photo: { checks_accepted: false } });
    expect(idsOf(await listed())).toContain(photo.id);
    expect((await listed()).meta.counts.flagged_open).toBe(before.flagged_open);
  });

  test('the counts: checked, auto-cropped and centred for want of one face', async () => {
    const counts = (await listed('?limit=1')).meta.counts;
    const photos = await t.ctx.db
      .selectFrom('photos')
      .select(['id', 'face'])
      .where('checked_at', 'is not', null)
      .execute();
    const autoCropped = await t.ctx.db
      .selectFrom('photo_crops')
      .select('photo_id')
      .distinct()
      .where('source', '=', 'auto')
      .where('aspect', '=', 0.8)
      .execute();
    expect(counts.checked).toBe(photos.length);
    expect(counts.centred_no_face).toBe(photos.filter((p) => p.face === null).length);
    expect(counts.auto_cropped).toBe(autoCropped.length);
    expect(counts.auto_cropped).toBeGreaterThan(0);
  });

  test('a retake mark lists the photo as a retake, not as open; schools may not set it', async () => {
    const photo = await checkedPhoto(await makeJpeg(900, 1100), 'retake.jpg');
    expect(
      (await call('PATCH', `/api/photos/${photo.id}`, { photo: { retake_needed: true } }, 'schoolStaff'))
        .statusCode,
    ).toBe(403);
    const before = (await listed()).meta.counts.retakes;
    const marked = await call('PATCH', `/api/photos/${photo.id}`, { photo: { retake_needed: true } });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().photo_check.retake_needed).toBe(true);
    expect(idsOf(await listed('?state=retake'))).toContain(photo.id);
    expect(idsOf(await listed())).not.toContain(photo.id);
    expect((await listed()).meta.counts.retakes).toBe(before + 1);
    expect(
      (await call('PATCH', `/api/photos/${photo.id}`, { photo: { retake_needed: true } }, 'foreignManager'))
        .statusCode,
    ).toBe(404);
  });
});

describe("the project's head-size rule", () => {
  test('set on the project (422 out of range, 403 for a school), serialized, and crops made again', async () => {
    const project = (await call('GET', `/api/projects/${projectId}`)).json().project;
    expect([project.head_size_share, project.eye_line_from_top]).toEqual([
      expect.any(Number),
      expect.any(Number),
    ]);
    const bad = await call('PATCH', `/api/projects/${projectId}`, {
      project: { head_size_share: 0.95, eye_line_from_top: 0.1 },
    });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain('head_size_share');
    expect(JSON.stringify(bad.json())).toContain('eye_line_from_top');
    expect(
      (
        await call(
          'PATCH',
          `/api/projects/${projectId}`,
          { project: { head_size_share: 0.55 } },
          'schoolStaff',
        )
      ).statusCode,
    ).toBe(403);

    const photo = await checkedPhoto(sharpPortrait, 'rule.jpg');
    const autoOf = async () =>
      (await cropsOf(photo.id)).find((c) => c.source === 'auto' && c.aspect === 0.8)!;
    const before = await autoOf();
    const changed = await call('PATCH', `/api/projects/${projectId}`, {
      project: { head_size_share: 0.45, eye_line_from_top: 0.42 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().project).toMatchObject({ head_size_share: 0.45, eye_line_from_top: 0.42 });
    const after = await eventually(async () => {
      const auto = await autoOf();
      return auto && auto.id !== before.id ? auto : null;
    });
    // A smaller head share: a larger frame around the same head.
    expect(after.height / before.height).toBeCloseTo(project.head_size_share / 0.45, 2);

    const reset = await call('PATCH', `/api/projects/${projectId}`, {
      project: { head_size_share: null, eye_line_from_top: null },
    });
    expect(reset.json().project).toMatchObject({
      head_size_share: DEFAULT_HEAD_SIZE_RULE.head_size_share,
      eye_line_from_top: DEFAULT_HEAD_SIZE_RULE.eye_line_from_top,
    });
  });
});

describe('retakes feed the Camera Cards print', () => {
  test('images=retake selects the subjects whose primary photo is marked, in the grid, a selection and a print', async () => {
    const marked = await checkedPhoto(await makeJpeg(900, 1100), 'card-retake.jpg');
    const other = await checkedPhoto(await makeJpeg(900, 1100), 'card-other.jpg');
    const retakeSubject = await subjectWithPhoto(marked.id, { first_name: 'Grace', last_name: 'Hopper' });
    await subjectWithPhoto(other.id, { first_name: 'Alan', last_name: 'Turing' });
    const gridIds = async () =>
      (await call('GET', `/api/projects/${projectId}/subjects?images=retake&ids_only=true`)).json()
        .subject_ids;
    // Read once before the mark: a cached grid page must not outlive it.
    const before: string[] = await gridIds();
    expect(before).not.toContain(retakeSubject);
    expect(
      (await call('PATCH', `/api/photos/${marked.id}`, { photo: { retake_needed: true } })).statusCode,
    ).toBe(200);
    const retakes = await t.ctx.db
      .selectFrom('subject_photo_assignments as a')
      .innerJoin('photos as ph', 'ph.id', 'a.photo_id')
      .select('a.subject_id')
      .where('a.is_primary', '=', true)
      .where('ph.retake_needed', '=', true)
      .execute();
    const expected = retakes.map((r) => r.subject_id).sort();
    expect(expected).toContain(retakeSubject);
    expect([...(await gridIds())].sort()).toEqual(expected);
    const selection = await call('POST', `/api/projects/${projectId}/subject-selection`, {
      filter: { images: 'retake' },
      ids: true,
    });
    expect(selection.statusCode, selection.body).toBe(200);
    expect([...selection.json().selection.subject_ids].sort()).toEqual(expected);

    const cameraCard = await t.ctx.db
      .selectFrom('layouts')
      .select('id')
      .where('name', '=', 'Camera Card')
      .executeTakeFirstOrThrow();
    const render = await call('POST', '/api/layout-renders', {
      layout_render: { layout_id: cameraCard.id, project_id: projectId, filter: { images: 'retake' } },
    });
    expect(render.statusCode, render.body).toBe(201);
    expect(render.json().layout_render.subjects_count).toBe(expected.length);
  });
});

describe('every aspect the project uses', () => {
  test("an export of a 2:3 format queues that aspect's auto crops and its archive uses them", async () => {
    const photo = await checkedPhoto(sharpPortrait, 'two-thirds.jpg');
    const subjectId = await subjectWithPhoto(photo.id, { first_name: 'Mary', last_name: 'Somerville' });
    const format = await call('POST', '/api/project-export-formats', {
      project_export_format: {
        name: 'Two thirds',
        organization_id: w.orgs.studioA.id,
        images_crop_width_pixels: 400,
        images_crop_height_pixels: 600,
        field_mappings: [{ field_key: 'first_name', position: 1 }],
      },
    });
    expect(format.statusCode, format.body).toBe(201);
    const formatId = format.json().project_export_format.id;
    const run = async () => {
      const created = await call('POST', `/api/projects/${projectId}/project-exports`, {
        project_export: { project_export_format_id: formatId, included_subject_ids: [subjectId] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().project_export.id;
      await eventually(
        async () =>
          (await call('GET', `/api/project-exports/${id}`)).json().project_export.job_status === 'completed',
        60_000,
      );
      const link = await call('GET', `/api/project-exports/${id}/download?format=json`);
      expect(link.statusCode, link.body).toBe(200);
      const zip = await fetch(new URL(link.json().download.url, t.origin));
      const entries = await readZip(Buffer.from(await zip.arrayBuffer()));
      return entries.find((e) => /\.jpe?g$/i.test(e.name))!.data;
    };

    // The first export of the format computes the 2:3 crop from the stored face, and queues it for keeps.
    const first = await run();
    const twoThirds = await eventually(async () =>
      (await cropsOf(photo.id)).find((c) => c.source === 'auto' && Math.abs(c.aspect! - 2 / 3) < 0.001),
    );
    expect((twoThirds.width * photo.width!) / (twoThirds.height * photo.height!)).toBeCloseTo(2 / 3, 2);
    // The export chooses the stored 2:3 auto crop over the 8x10 one.
    const { crops } = await exportPhotoSources(t.ctx.db, [subjectId]);
    const size = { width: photo.width!, height: photo.height!, orientation: 1 };
    const inPixels = (c: { x: number; y: number; width: number; height: number }) => ({
      x: Math.round(c.x * size.width),
      y: Math.round(c.y * size.height),
      width: Math.round(c.width * size.width),
      height: Math.round(c.height * size.height),
    });
    expect(cropFor(size, crops, true, { aspect: 400 / 600 }).crop).toEqual(inPixels(twoThirds));

    // The 2:3 crop meets the rule against the head as seen by eye.
    const head = headInPortrait();
    expectDefaultRuleMet(head, twoThirds);

    // Read back: 400 x 600, cut where the 2:3 auto crop says, not the centred fallback. (With one rule, the
    // 2:3 frame is the 8x10 one narrowed around its centre: same height, same eye line.)
    const cutOf = async (c: { x: number; y: number; width: number; height: number }) =>
      sharp(sharpPortrait)
        .extract({ left: c.x, top: c.y, width: c.width, height: c.height })
        .resize(400, 600, { fit: 'cover' })
        .greyscale()
        .raw()
        .toBuffer();
    const difference = async (image: Buffer, expected: Buffer) => {
      const got = await sharp(image).resize(400, 600).greyscale().raw().toBuffer();
      let sum = 0;
      for (let i = 0; i < got.length; i++) sum += Math.abs(got[i]! - expected[i]!);
      return sum / got.length;
    };
    const expected = await cutOf(inPixels(twoThirds));
    const centred = await cutOf({ x: 0, y: 0, width: size.width, height: size.height });
    const second = await run();
    for (const image of [first, second]) {
      expect(await sharp(image).metadata()).toMatchObject({ width: 400, height: 600 });
      const mine = await difference(image, expected);
      expect(mine).toBeLessThan(6);
      expect(mine * 2).toBeLessThan(await difference(image, centred));
      const found = await examinePortrait(image, {
        originalHeight: 600,
        largestOutputHeight: 600,
        rule: DEFAULT_HEAD_SIZE_RULE,
      });
      expect(Math.abs(found.face!.eye_y - DEFAULT_HEAD_SIZE_RULE.eye_line_from_top)).toBeLessThan(0.06);
    }
  });
});

describe('prints', () => {
  test("take a person's crop (default or not) over the 8x10 auto crop, and the auto crop over none", async () => {
    const photo = await checkedPhoto(sharpPortrait, 'print.jpg');
    const printed = async () => {
      const [source] = await printSources(t.ctx.db, [photo.id]);
      return source && { x: source.x, y: source.y, width: source.width, height: source.height };
    };
    const auto = (await cropsOf(photo.id)).find((c) => c.source === 'auto' && c.aspect === 0.8)!;
    expect(await printed()).toEqual({ x: auto.x, y: auto.y, width: auto.width, height: auto.height });
    // A person's crop that is not the default still wins over the computer's default one.
    await t.ctx.db
      .insertInto('photo_crops')
      .values({
        photo_id: photo.id,
        name: 'Mine',
        is_default: false,
        x: 0.2,
        y: 0.1,
        width: 0.5,
        height: 0.7,
      })
      .execute();
    expect(await printed()).toEqual({ x: 0.2, y: 0.1, width: 0.5, height: 0.7 });
    await t.ctx.db.deleteFrom('photo_crops').where('photo_id', '=', photo.id).execute();
    expect(await printed()).toEqual({ x: null, y: null, width: null, height: null });
  });
});

describe('the review list tells a school nothing hidden from it', () => {
  test('a name planted in a hidden field reaches the studio, never the school', async () => {
    const canary = `CANARY${Date.now()}`;
    const project = await t.ctx.db
      .selectFrom('projects')
      .select('project_template_id')
      .where('id', '=', projectId)
      .executeTakeFirstOrThrow();
    // A hidden first name ahead of the visible one: the studio's name for the subject, not the school's.
    const hidden = await t.ctx.db
      .insertInto('subject_fields')
      .values({
        project_template_id: project.project_template_id!,
        field_key: 'first_name',
        label: null,
        arrangement_position: -1,
        visible_to_customers: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    fields.hidden_first_name = hidden.id;
    const photo = await checkedPhoto(await makeJpeg(900, 1100), 'canary.jpg');
    await subjectWithPhoto(photo.id, {
      hidden_first_name: canary,
      first_name: 'Emmy',
      last_name: 'Noether',
    });
    const urls = ['', '?state=all', `?class=${canary}`, '?code=no_face&limit=100'];
    for (const query of urls) {
      const school = await call(
        'GET',
        `/api/projects/${projectId}/photo-checks${query}`,
        undefined,
        'schoolStaff',
      );
      expect(school.statusCode).toBe(200);
      expect(school.body).not.toContain(canary);
    }
    // The school still sees the photo, by the name it may read.
    const names = (await listed('?limit=100', 'schoolStaff')).photo_checks.map((p) => p.subject?.name);
    expect(names).toContain('Emmy Noether');
    const reviewed = await call('PATCH', `/api/photos/${photo.id}`, { photo: { checks_accepted: true } });
    expect(reviewed.body).toContain(canary);
    // The studio reads the hidden field: the sweep can't pass by reading nothing.
    expect((await listed('?state=accepted&limit=100')).photo_checks.map((p) => p.subject?.name)).toContain(
      `${canary} Noether`,
    );
  });
});
