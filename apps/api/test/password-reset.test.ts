import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, eventually, type TestApp } from './support/app.js';
import { bearer, buildOrganization, buildUser, signIn } from './support/factories.js';
import { type SmtpPeer, startSmtpPeer } from './support/smtp.js';

let t: TestApp;
let smtp: SmtpPeer;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://portal.example.test' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const requestReset = (payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password-resets',
    // A forged Host must not end up in the link.
    headers: { host: 'evil.example.test' },
    payload: payload as object,
  });

async function resetLinkFor(email: string): Promise<string> {
  const mail = await eventually(async () =>
    smtp.messages.find(
      (m) => m.text?.includes('reset-password/') && (m.to as { text: string }).text === email,
    ),
  );
  const link = /https:\/\/portal\.example\.test\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
  expect(link).not.toBeNull();
  return link![1]!;
}

describe('password reset', () => {
  test('e-mails a single-use link through SMTP; the new password works, old sessions end', async () => {
    const org = await buildOrganization(t.ctx.db);
    const user = await buildUser(t.ctx.db, { organizations: [org.id] });
    const oldToken = await signIn(t.app, user.email);

    const res = await requestReset({ email: user.email.toUpperCase(), plic_app_id: 'school-portal' });
    expect(res.statusCode).toBe(202);
    const token = await resetLinkFor(user.email);
    const mail = smtp.messages.find((m) => m.text?.includes(token))!;
    expect(mail.subject).toBe('Reset your School Portal password');
    expect(mail.html).toContain(`https://portal.example.test/reset-password/${token}`);
    expect(mail.text).not.toContain('evil.example.test');
    // The job marks the message sent once the SMTP server has taken it.
    await eventually(async () => {
      const outbox = await t.ctx.db.selectFrom('email_outbox').select(['status', 'sent_at']).execute();
      return outbox.some((m) => m.status === 'sent' && m.sent_at);
    });

    const check = await t.app.inject({ method: 'GET', url: `/api/password-resets/${token}` });
    expect(check.statusCode).toBe(200);
    expect(new Date(check.json().password_reset.expires_at).getTime()).toBeGreaterThan(
      Date.now() + 25 * 60_000,
    );

    const tooShort = await t.app.inject({
      method: 'PATCH',
      url: `/api/password-resets/${token}`,
      payload: { password: 'short' },
    });
    expect(tooShort.statusCode).toBe(422);
    expect(tooShort.json().errors.password[0]).toMatch(/too short/);
    const common = await t.app.inject({
      method: 'PATCH',
      url: `/api/password-resets/${token}`,
      payload: { password: 'password123' },
    });
    expect(common.statusCode).toBe(422);
    const missing = await t.app.inject({
      method: 'PATCH',
      url: `/api/password-resets/${token}`,
      payload: {},
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.password).toEqual(["can't be blank"]);

    const done = await t.app.inject({
      method: 'PATCH',
      url: `/api/password-resets/${token}`,
      payload: { password: 'a brand new password' },
    });
    expect(done.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(oldToken) })).statusCode,
    ).toBe(401);
    await expect(signIn(t.app, user.email)).rejects.toThrow();
    expect(await signIn(t.app, user.email, 'a brand new password')).toBeTruthy();

    // Single use.
    const again = await t.app.inject({
      method: 'PATCH',
      url: `/api/password-resets/${token}`,
      payload: { password: 'yet another password' },
    });
    expect(again.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/password-resets/${token}` })).statusCode).toBe(
      404,
    );
  });

  test('answers the same for an unknown address, and sends nothing', async () => {
    const before = await t.ctx.db.selectFrom('email_outbox').select('id').execute();
    const res = await requestReset({ email: 'nobody-here@example.test', plic_app_id: 'school-portal' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({});
    // The work happens in a job after the answer: wait until it is done.
    await eventually(async () => {
      const open = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pgboss.job
        WHERE name = 'password-resets.request' AND state <> 'completed'`.execute(t.ctx.db);
      return open.rows[0]!.n === 0;
    });
    const after = await t.ctx.db.selectFrom('email_outbox').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  test('an expired link is refused', async () => {
    const org = await buildOrganization(t.ctx.db);
    const user = await buildUser(t.ctx.db, { organizations: [org.id] });
    await requestReset({ email: user.email });
    const token = await resetLinkFor(user.email);
    await t.ctx.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/password-resets/${token}`,
      payload: { password: 'a brand new password' },
    });
    expect(res.statusCode).toBe(404);
  });

  test('bad input answers 400/422, never 500', async () => {
    expect((await requestReset({})).statusCode).toBe(422);
    expect((await requestReset({ email: 42 })).statusCode).toBe(422);
    expect((await requestReset({ email: '' })).statusCode).toBe(422);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/password-resets',
      headers: { 'content-type': 'application/json' },
      payload: '{"email"',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/password-resets/short' })).statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'PATCH',
      url: `/api/password-resets/${'x'.repeat(43)}`,
      payload: { password: 'a brand new password' },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('the answer to a reset request', () => {
  test('comes before any lookup: a known and an unknown address both just queue the same job', async () => {
    // No workers: what is there once the answer has come is what the request itself did.
    const quiet = await createTestApp({ SMTP_URL: smtp.url }, { workers: false });
    try {
      const org = await buildOrganization(quiet.ctx.db);
      const user = await buildUser(quiet.ctx.db, { organizations: [org.id] });
      const answers = [];
      for (const email of [user.email, 'nobody-here@example.test']) {
        answers.push(
          await quiet.app.inject({
            method: 'POST',
            url: '/api/password-resets',
            payload: { email, plic_app_id: 'school-portal' },
          }),
        );
      }
      expect(answers.map((a) => [a.statusCode, a.body])).toEqual([
        [202, '{}'],
        [202, '{}'],
      ]);
      expect(await quiet.ctx.db.selectFrom('password_resets').select('id').execute()).toEqual([]);
      expect(await quiet.ctx.db.selectFrom('email_outbox').select('id').execute()).toEqual([]);
      const jobs = await sql<{ name: string; n: number }>`
        SELECT name, count(*)::int AS n FROM pgboss.job GROUP BY name ORDER BY name`.execute(quiet.ctx.db);
      expect(jobs.rows).toEqual([{ name: 'password-resets.request', n: 2 }]);
    } finally {
      await quiet.close();
    }
  });
});
