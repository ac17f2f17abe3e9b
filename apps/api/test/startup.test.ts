import { describe, expect, test } from 'vitest';
import { isLoopbackHost, loadConfig, startupWarnings } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { createTestApp } from './support/app.js';

describe('development conveniences only on a loopback address', () => {
  test('loopback addresses', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      '0.0.0.0',
      '::',
      '192.168.1.5',
      'example.test',
      '128.0.0.1',
      '127.0.0.1.example.test',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });

  test('a default development start serves the mailbox and seeds the demo users, silently', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(config.devMailbox).toBe(true);
    expect(config.seedDemo).toBe(true);
    expect(startupWarnings(config)).toEqual([]);
  });

  test('development mode on an address others can reach: no mailbox, no demo users, and a warning', () => {
    for (const host of ['0.0.0.0', '::', '10.0.0.7']) {
      const config = loadConfig({ HOST: host, SEED_DEMO: 'true' });
      expect(config.devMailbox, host).toBe(false);
      expect(config.seedDemo, host).toBe(false);
      const warnings = startupWarnings(config);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain(host);
      expect(warnings[0]).toContain('/api/dev/mailbox');
    }
  });

  test('the mailbox route exists on a loopback address only', async () => {
    const local = await createTestApp({ HOST: '127.0.0.1' }, { workers: false });
    try {
      const res = await local.app.inject({ url: '/api/dev/mailbox' });
      expect(res.statusCode).toBe(200);
    } finally {
      await local.close();
    }
    const exposed = await createTestApp({ HOST: '0.0.0.0' }, { workers: false, seedDemo: true });
    try {
      const res = await exposed.app.inject({ url: '/api/dev/mailbox' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found' });
      const demo = await exposed.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'studio@demo.test')
        .executeTakeFirst();
      expect(demo).toBeUndefined();
    } finally {
      await exposed.close();
    }
  });
});

describe('one logger', () => {
  test('requests, jobs and start-up share one redaction list: secrets and personal data never reach a line', () => {
    const lines: string[] = [];
    const log = createLogger({ logLevel: 'info' }, { write: (line: string) => lines.push(line) });
    log.warn({ outbox_id: '7', email: 'pat@example.test', user: { password: 'hunter22', name: 'x' } }, 'job');
    log.info(
      { req: { method: 'PATCH', url: '/api/invitations/SECRET-TOKEN/accept?x=1', id: 'r1' } },
      'request',
    );
    const text = lines.join('\n');
    expect(lines).toHaveLength(2);
    expect(text).not.toContain('pat@example.test');
    expect(text).not.toContain('hunter22');
    expect(text).not.toContain('SECRET-TOKEN');
    expect(JSON.parse(lines[0]!)).toMatchObject({ outbox_id: '7', email: '[redacted]' });
    expect(JSON.parse(lines[1]!).req.url).toBe('/api/invitations/[redacted]/accept');
  });
});
