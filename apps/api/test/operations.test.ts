import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../src/config.js';
import { redactUrl } from '../src/http/app.js';
import { queueEmail } from '../src/mail/outbox.js';
import { createTestApp, eventually, type TestApp } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REBRAND_BANNER: 'true', SIGN_IN_REGION: 'ca' });
});
afterAll(() => t?.close());

describe('operations', () => {
  test('health, readiness and version', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject('/readyz')).json()).toEqual({ status: 'ready' });
    const version = await t.app.inject('/version.txt');
    expect(version.statusCode).toBe(200);
    expect(version.body.trim()).toBe('1.69.4');
  });

  test('OpenAPI description and docs page', async () => {
    const spec = (await t.app.inject('/api/openapi.json')).json();
    expect(spec.openapi).toMatch(/^3\./);
    for (const path of [
      '/oauth/token',
      '/oauth/revoke',
      '/api/users/me',
      '/api/users/{id}',
      '/api/password-resets',
      '/api/plic-app-licenses',
    ]) {
      expect(Object.keys(spec.paths)).toContain(path);
    }
    const docs = await t.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
  });

  test('security headers on answers and errors alike', async () => {
    for (const url of ['/healthz', '/api/nothing-here', '/api/users/me']) {
      const res = await t.app.inject(url);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
    expect((await t.app.inject('/api/nothing-here')).json()).toEqual({ error: 'not_found' });
    expect((await t.app.inject('/api/users/me')).headers['cache-control']).toBe('no-store');
  });

  test('public configuration for the web app', async () => {
    const { config } = (await t.app.inject('/api/config')).json();
    expect(config).toMatchObject({
      environment: 'test',
      version: '1.69.4',
      sign_in_region: 'ca',
      rebrand_banner_enabled: true,
      support_chat_enabled: false,
      dev_mailbox: true,
    });
  });

  test('secrets in paths never reach the logs', () => {
    expect(redactUrl('/api/password-resets/abcDEF123')).toBe('/api/password-resets/[redacted]');
    expect(redactUrl('/reset-password/abc')).toBe('/reset-password/[redacted]');
  });
});

describe('configuration', () => {
  test('production refuses to start without DATABASE_URL or SMTP_URL, and never seeds', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://x.test' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://x.test/db' })).toThrow(
      /SMTP_URL/,
    );
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://x.test/db',
      SMTP_URL: 'smtp://x.test',
      PUBLIC_URL: 'https://portal.example.test',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'photos',
    };
    const prod = loadConfig({ ...production, SEED_DEMO: 'true' });
    expect(prod.seedDemo).toBe(false);
    expect(prod.devMailbox).toBe(false);
    expect(loadConfig({}).seedDemo).toBe(true);
    // Every process that e-mails needs the address users reach; local storage must say how it is shared.
    expect(() => loadConfig({ ...production, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL is required/);
    expect(() => loadConfig({ ...production, STORAGE_DRIVER: 'local' })).toThrow(
      /STORAGE_LOCAL=single-instance/,
    );
    expect(
      loadConfig({ ...production, STORAGE_DRIVER: 'local', STORAGE_LOCAL: 'single-instance' }).storage.driver,
    ).toBe('local');
    expect(() =>
      loadConfig({ ...production, STORAGE_DRIVER: 'local', STORAGE_LOCAL: 'shared-directory' }),
    ).toThrow(/STORAGE_SIGNING_SECRET/);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});

describe('e-mail outbox and the job queue', () => {
  test('without SMTP a message lands in the development mailbox through the queue', async () => {
    await t.ctx.db.transaction().execute((trx) =>
      queueEmail(trx, (id, tx) => t.ctx.queue.enqueue('email.send', { outbox_id: id }, { trx: tx }), {
        to: 'someone@example.test',
        subject: 'Hello',
        text: 'Body',
      }),
    );
    const messages = await eventually(async () => {
      const res = (await t.app.inject('/api/dev/mailbox?to=someone@example.test')).json();
      return res.messages.find((m: { status: string }) => m.status === 'stored') ? res.messages : null;
    });
    expect(messages[0]).toMatchObject({ subject: 'Hello', text: 'Body', to: 'someone@example.test' });
  });

  test('a rolled-back transaction neither stores nor sends its message', async () => {
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await queueEmail(trx, (id, tx) => t.ctx.queue.enqueue('email.send', { outbox_id: id }, { trx: tx }), {
          to: 'rollback@example.test',
          subject: 'Never',
          text: 'Never',
        });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await t.ctx.db
      .selectFrom('email_outbox')
      .select('id')
      .where('to_address', '=', 'rollback@example.test')
      .execute();
    expect(rows).toEqual([]);
    const jobs = await t.ctx.queue.boss.getQueueSize('email.send');
    expect(jobs).toBe(0);
  });

  test('a job with a bad payload is refused at enqueue', async () => {
    await expect(t.ctx.queue.enqueue('email.send', { outbox_id: 'not-an-id' })).rejects.toThrow();
  });
});
