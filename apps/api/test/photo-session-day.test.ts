import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type ListeningTestApp, listeningTestApp } from './support/app.js';
import { injectAs } from './support/factories.js';
import { projectWithFields } from './support/project-data.js';
import { readPdf } from './support/renders.js';
import { insertSubject } from './support/rows.js';
import { inWorld, type World } from './support/world.js';

/**
 * On the day and at its end, on the real server and PostgreSQL: one student's camera card again as a PDF
 * (staff, and a station link of the session), the absent and retake lists as JSON and CSV, and a retake
 * asked at a station feeding the subjects grid's Retake Needed filter. A teacher's name the template hides
 * from customers is planted: the school's lists and a station link's card never hold it.
 */

let t: ListeningTestApp;
let w: World;
let tokens: Record<string, string>;
let project: Awaited<ReturnType<typeof projectWithFields>>;
let otherProject: Awaited<ReturnType<typeof projectWithFields>>;
let foreignProject: Awaited<ReturnType<typeof projectWithFields>>;
let zoe: string;
let sam: string;
let ann: string;
let ben: string;
let stranger: string;
let sessionId: string;
let stationId: string;
let stationToken: string;

const KEYS = ['student_id', 'first_name', 'last_name', 'grade', 'teacher'];
const HIDDEN = 'Hawthorne';
const today = () => new Date().toISOString().slice(0, 10);
const kid = (student_id: string, first_name: string, last_name: string) => ({
  student_id,
  first_name,
  last_name,
  grade: '3',
  teacher: `Mr. ${HIDDEN}`,
});

beforeAll(async () => {
  ({ t, w, tokens } = await inWorld(await listeningTestApp({}, { workers: false })));
  const db = t.ctx.db;
  project = await projectWithFields(db, w.orgs.schoolA1.id, 'Picture day', KEYS);
  otherProject = await projectWithFields(db, w.orgs.schoolA1.id, 'Another', KEYS);
  foreignProject = await projectWithFields(db, w.orgs.schoolB.id, 'Elsewhere', KEYS);
  await db
    .updateTable('subject_fields')
    .set({ visible_to_customers: false })
    .where('id', 'in', [project.fields.teacher!, otherProject.fields.teacher!])
    .execute();
  zoe = await insertSubject(db, project.projectId, project.fields, kid('S-1', 'Zoë', 'Brown'));
  sam = await insertSubject(db, project.projectId, project.fields, kid('S-2', 'Sam', 'Adams'));
  ann = await insertSubject(db, project.projectId, project.fields, kid('S-3', 'Ann', 'Cole'));
  ben = await insertSubject(db, project.projectId, project.fields, kid('S-4', 'Ben', 'Dale'));
  stranger = await insertSubject(db, otherProject.projectId, otherProject.fields, kid('S-9', 'Ivy', 'Stone'));

  const session = await call('studioStaff', 'POST', `/api/projects/${project.projectId}/photo-sessions`, {
    photo_session: { name: 'Fall picture day', date: today() },
  });
  expect(session.statusCode, session.body).toBe(201);
  sessionId = session.json().photo_session.id;
  const station = await call('studioStaff', 'POST', `/api/photo-sessions/${sessionId}/stations`, {
    station: { name: 'Gym A' },
  });
  expect(station.statusCode, station.body).toBe(201);
  stationId = station.json().station.id;
  stationToken = station.json().station_link.token;
}, 120_000);
afterAll(() => t?.close());

const call = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  injectAs(t.app, tokens[who] ?? who, method, url, payload);

let clock = Date.now() - 60_000;
const checkIn = (subject_id: string, status: string, note?: string) => {
  clock += 1_000;
  return {
    client_id: randomUUID(),
    station_id: stationId,
    subject_id,
    status,
    at: new Date(clock).toISOString(),
    ...(note ? { note } : {}),
  };
};

async function send(items: object[]) {
  const res = await call(stationToken, 'POST', `/api/photo-sessions/${sessionId}/check-ins`, {
    check_ins: items,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** The grid's Retake Needed page (the one a cache may serve again) and its ids-only selection. */
async function gridRetakes() {
  const base = `/api/projects/${project.projectId}/subjects?images=retake`;
  const page = (await call('studioManager', 'GET', `${base}&limit=100`)).json().subjects as { id: string }[];
  const ids = (await call('studioManager', 'GET', `${base}&ids_only=true`)).json().subject_ids as string[];
  expect(page.map((s) => s.id)).toEqual(ids);
  return ids;
}

describe('the end-of-day lists', () => {
  test('absent and retake lists hold the latest status of each student, with its reason, as JSON and CSV', async () => {
    // Read once before: a cached grid page must not outlive the check-ins.
    expect(await gridRetakes()).toEqual([]);
    await send([
      checkIn(zoe, 'absent'),
      checkIn(sam, 'photographed'),
      checkIn(sam, 'retake', 'Eyes closed'),
      checkIn(ann, 'retake', 'Glare'),
      checkIn(ann, 'photographed'),
      checkIn(ben, 'retake', 'Blinked'),
      checkIn(ben, 'undo'),
    ]);
    const absent = await call('schoolStaff', 'GET', `/api/photo-sessions/${sessionId}/absent`);
    expect(absent.statusCode, absent.body).toBe(200);
    expect(absent.json().absent.map((e: { subject_id: string }) => e.subject_id)).toEqual([zoe]);
    const retakes = await call('studioManager', 'GET', `/api/photo-sessions/${sessionId}/retakes`);
    expect(retakes.statusCode).toBe(200);
    expect(retakes.json().retakes).toEqual([
      expect.objectContaining({
        subject_id: sam,
        status: 'retake',
        reason: 'Eyes closed',
        teacher: `Mr. ${HIDDEN}`,
      }),
    ]);

    // The school's CSV: the reason, never the hidden teacher.
    const csv = await call('schoolStaff', 'GET', `/api/photo-sessions/${sessionId}/retakes.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body).toContain('Adams');
    expect(csv.body).toContain('Eyes closed');
    expect(csv.body).not.toContain(HIDDEN);
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    const school = await call('schoolStaff', 'GET', `/api/photo-sessions/${sessionId}/retakes`);
    expect(JSON.stringify(school.json())).not.toContain(HIDDEN);
    const absentCsv = await call('schoolStaff', 'GET', `/api/photo-sessions/${sessionId}/absent.csv`);
    expect(absentCsv.body).toContain('Brown');
    expect(absentCsv.body).not.toContain('Adams');

    // Another organization: 404; a station link reads no lists.
    for (const path of ['absent', 'retakes', 'retakes.csv']) {
      expect(
        (await call('foreignManager', 'GET', `/api/photo-sessions/${sessionId}/${path}`)).statusCode,
      ).toBe(404);
      expect((await call(stationToken, 'GET', `/api/photo-sessions/${sessionId}/${path}`)).statusCode).toBe(
        404,
      );
    }
  });

  test("a retake asked at a station puts the student in the grid's Retake Needed filter, and out once photographed", async () => {
    expect(await gridRetakes()).toEqual([sam]);
    await send([checkIn(sam, 'photographed')]);
    expect(await gridRetakes()).toEqual([]);
    await send([checkIn(sam, 'retake', 'Eyes closed again')]);
    expect(await gridRetakes()).toEqual([sam]);
  });
});

describe("one student's camera card again", () => {
  const card = (who: string, subjectId: string, session = sessionId) =>
    call(who, 'GET', `/api/photo-sessions/${session}/camera-card?subject_id=${subjectId}`);

  test("a station link prints its session's student's card, without fields hidden from customers", async () => {
    const res = await card(stationToken, zoe);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    const { card_code } = await t.ctx.db
      .selectFrom('subjects')
      .select('card_code')
      .where('id', '=', zoe)
      .executeTakeFirstOrThrow();
    expect(pdf.text).toContain('Zoë Brown');
    expect(pdf.text).toContain(card_code);
    expect(pdf.text).not.toContain(HIDDEN);
    // A manager reads hidden fields: the same card holds the teacher (the planted value is printable).
    const manager = await readPdf((await card('studioManager', zoe)).rawPayload);
    expect(manager.text).toContain(HIDDEN);
    expect((await card('studioStaff', zoe)).statusCode).toBe(200);
  });

  test("another project's student, another organization, a school: refused", async () => {
    expect((await card(stationToken, stranger)).statusCode).toBe(404);
    expect((await card('studioStaff', stranger)).statusCode).toBe(404);
    expect((await card('foreignManager', zoe)).statusCode).toBe(404);
    expect((await card('schoolStaff', zoe)).statusCode).toBe(403);
    expect((await card(stationToken, 'abc')).statusCode).toBe(400);
    void foreignProject;
  });
});
