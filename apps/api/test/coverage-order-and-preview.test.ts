import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { eventually, type ListeningTestApp, listeningTestApp } from './support/app.js';
import { bearer, ROSTER_KEYS, signIn } from './support/factories.js';
import { projectWithFields, subjectWithPhoto } from './support/project-data.js';
import { type SmtpPeer, startSmtpPeer } from './support/smtp.js';
import { buildWorld, type World } from './support/world.js';

/**
 * Coverage: classes read in grade order, then by the teacher's surname without the title
 * ("Mme", "Mr.", "Ms."), and the missing list likewise; the studio's e-mail to the school is previewed
 * (recipient, subject, text) without anything being sent, and goes only when the studio sends it,
 * with the text it previewed. Real PostgreSQL and a real SMTP peer.
 */

let t: ListeningTestApp;
let w: World;
let smtp: SmtpPeer;
const tokens: Record<string, string> = {};
let project: Awaited<ReturnType<typeof projectWithFields>>;

const call = (who: string, method: 'GET' | 'POST', url: string) =>
  t.app.inject({ method, url, headers: bearer(tokens[who]!) });

// [first, last, grade, teacher]: listed out of order on purpose.
const PEOPLE: [string, string, string, string][] = [
  ['Ann', 'Abel', '2', 'Mme Roy'],
  ['Bo', 'Bell', '10', 'Mrs. Adams'],
  ['Cal', 'Cole', '2', 'Mr. Ortiz'],
  ['Di', 'Dunn', '1', 'Ms. Lee'],
  ['Ed', 'Eng', 'K', 'Dr. Zed'],
  ['Flo', 'Fay', '2', 'Bauer, Hans'],
];

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await listeningTestApp({ SMTP_URL: smtp.url });
  w = await buildWorld(t.ctx.db);
  for (const who of ['studioStaff', 'schoolStaff']) tokens[who] = await signIn(t.app, w.users[who]!.email);
  await t.ctx.db
    .updateTable('organizations')
    .set({ contact_email: 'office@a1.example.test' })
    .where('id', '=', w.orgs.schoolA1.id)
    .execute();
  project = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Spring Portraits', ROSTER_KEYS);
  for (const [i, [first_name, last_name, grade, teacher]] of PEOPLE.entries())
    await subjectWithPhoto(t, project, { student_id: `${2000 + i}`, first_name, last_name, grade, teacher });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const EXPECTED_CLASSES = [
  ['K', 'Dr. Zed'],
  ['1', 'Ms. Lee'],
  ['2', 'Bauer, Hans'],
  ['2', 'Mr. Ortiz'],
  ['2', 'Mme Roy'],
  ['10', 'Mrs. Adams'],
];

describe('class order', () => {
  test('classes by grade, then by the teacher’s surname, titles left out', async () => {
    const res = await call('studioStaff', 'GET', `/api/projects/${project.projectId}/coverage`);
    expect(res.statusCode, res.body).toBe(200);
    const { coverage, missing } = res.json();
    expect(coverage.classes.map((c: { grade: string; teacher: string }) => [c.grade, c.teacher])).toEqual(
      EXPECTED_CLASSES,
    );
    // The missing list in the same class order.
    expect(missing.map((m: { grade: string; teacher: string }) => [m.grade, m.teacher])).toEqual(
      EXPECTED_CLASSES,
    );
  });
});

describe('the e-mail to the school', () => {
  test('the preview shows the message and sends nothing; sending sends that message', async () => {
    const preview = await call(
      'studioStaff',
      'GET',
      `/api/projects/${project.projectId}/coverage/notify/preview`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const shown = preview.json().notification_preview;
    expect(shown).toMatchObject({
      organization_name: 'School A1',
      to: 'office@a1.example.test',
      subject: 'Missing portraits for Spring Portraits: 6',
      subjects: 6,
      without_portrait: 6,
    });
    expect(shown.text).toContain('6 of 6 subjects have no portrait yet');
    expect(shown.text).toContain(`${t.origin}/projects/${project.projectId}/coverage`);
    expect(shown.text).not.toContain('Abel');
    // Nothing queued, nothing sent, nothing recorded: only the preview was asked for.
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.messages).toHaveLength(0);
    const events = () =>
      t.ctx.db.selectFrom('audit_events').select('id').where('action', '=', 'coverage.notify').execute();
    expect(await events()).toHaveLength(0);

    const sent = await call('studioStaff', 'POST', `/api/projects/${project.projectId}/coverage/notify`);
    expect(sent.statusCode, sent.body).toBe(202);
    const mail = await eventually(async () => smtp.messages.find((m) => m.subject === shown.subject));
    expect((mail.to as { text: string }).text).toBe(shown.to);
    expect(mail.text?.trim()).toBe(shown.text.trim());
    expect(smtp.messages).toHaveLength(1);
    expect(await events()).toHaveLength(1);
  });

  test('the school may not preview it (403)', async () => {
    const res = await call(
      'schoolStaff',
      'GET',
      `/api/projects/${project.projectId}/coverage/notify/preview`,
    );
    expect(res.statusCode).toBe(403);
  });
});
