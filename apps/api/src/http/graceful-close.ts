import type { FastifyInstance, FastifyRequest } from 'fastify';

const HANDLING = Symbol('request being handled');
type Tracked = FastifyRequest & { [HANDLING]?: boolean };

/**
 * Makes `app.close()` end promptly and only once the requests being handled are done (at most `graceMs`),
 * so that the process may close its database right after it.
 *
 * - An answer sent while closing says `Connection: close`: Fastify keeps an idle keep-alive connection
 *   open for 72 s, and its close waits for every connection, so a client that had a request in flight
 *   held the shutdown that long (longer than an orchestrator's grace period).
 * - A request whose client hung up keeps running its hooks and handler after its connection is gone,
 *   which is all Fastify's close waits for; closing the database under it failed it ("driver has already
 *   been destroyed"). It is done when it reaches the point of answering (Fastify runs no onResponse
 *   for it), a streamed answer when its response closes (sent whole or cut off), any other request when
 *   its answer is sent.
 */
export function registerGracefulClose(
  app: FastifyInstance,
  graceMs = 10_000,
  /** True while the process drains before its close (main.ts): answers then say `Connection: close` too. */
  draining: () => boolean = () => false,
) {
  let closing = false;
  let handling = 0;
  let idle: (() => void) | null = null;
  const finish = (request: Tracked) => {
    // Once, and only for requests counted in (Fastify answers some without onRequest: a 503 while closing).
    if (!request[HANDLING]) return;
    request[HANDLING] = false;
    handling -= 1;
    if (handling === 0) idle?.();
  };

  // Callback hooks: they run on every request, and a promise each would cost more than they do.
  app.addHook('onRequest', (request: Tracked, _reply, done) => {
    request[HANDLING] = true;
    handling += 1;
    done();
  });
  app.addHook('onSend', (request: Tracked, reply, payload, done) => {
    // The connection, not the request stream: that one ends (destroyed) once its body has been read.
    if (request.raw.socket?.destroyed !== false) finish(request);
    else if (closing || draining()) reply.header('connection', 'close');
    // A streamed answer (a download, a live event stream) whose client hangs up midway gets no
    // onResponse either: it is done when its response closes.
    if (typeof (payload as { pipe?: unknown } | null)?.pipe === 'function')
      reply.raw.once('close', () => finish(request));
    done(null, payload);
  });
  app.addHook('onResponse', (request: Tracked, _reply, done) => {
    finish(request);
    done();
  });

  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onClose', async () => {
    if (handling === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      idle = resolve;
      timer = setTimeout(resolve, graceMs);
    });
    clearTimeout(timer);
    idle = null;
  });
}
