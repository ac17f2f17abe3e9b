import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { expect, test } from 'vitest';
import { registerGracefulClose } from '../src/http/graceful-close.js';

/**
 * A listening app with graceful close and one route, GET /slow, that answers after `ms`; `handlerStarted`
 * settles once a request is inside the handler, `events` records when handlers finish.
 */
async function slowApp(ms: number) {
  const app = Fastify();
  registerGracefulClose(app);
  const events: string[] = [];
  let started!: () => void;
  const handlerStarted = new Promise<void>((resolve) => {
    started = resolve;
  });
  app.get('/slow', async () => {
    started();
    await new Promise((resolve) => setTimeout(resolve, ms));
    events.push('handler finished');
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, events, handlerStarted, url: `http://127.0.0.1:${port}/slow` };
}

// On shutdown the database closes right after app.close(): a request whose client hung up must have
// finished by then, or it fails on a closed database and logs a failure for what was only a shutdown.
test('app.close() waits for a request whose client hung up to finish its handler', async () => {
  const { app, events, handlerStarted, url } = await slowApp(300);
  const request = http.get(url);
  request.on('error', () => {});
  await handlerStarted;
  request.destroy();
  await new Promise((resolve) => setTimeout(resolve, 20));
  await app.close();
  events.push('closed');
  expect(events).toEqual(['handler finished', 'closed']);
});

test('a keep-alive client with a request in flight gets its answer, told to close, and does not hold the close', async () => {
  const { app, handlerStarted, url } = await slowApp(200);
  const agent = new http.Agent({ keepAlive: true });
  try {
    const answer = new Promise<{ status?: number; connection?: string }>((resolve, reject) => {
      http
        .get(url, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection }));
        })
        .on('error', reject);
    });
    await handlerStarted;
    const closeStarted = Date.now();
    await app.close();
    // Without `Connection: close` the idle keep-alive connection holds the close for Fastify's 72 s.
    expect(Date.now() - closeStarted).toBeLessThan(3000);
    expect(await answer).toEqual({ status: 200, connection: 'close' });
  } finally {
    agent.destroy();
  }
});

test('app.close() is not held up when nothing is being handled, nor after answers were sent', async () => {
  const app = Fastify();
  registerGracefulClose(app, 60_000);
  app.get('/quick', async () => ({ ok: true }));
  for (let i = 0; i < 3; i += 1) expect((await app.inject({ url: '/quick' })).statusCode).toBe(200);
  const started = Date.now();
  await app.close();
  expect(Date.now() - started).toBeLessThan(1000);
});
