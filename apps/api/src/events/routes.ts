import { PassThrough } from 'node:stream';
import { type Abilities, type Action, can } from '@school-portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { sessionOf } from '../http/auth.js';
import { idParam } from '../http/params.js';
import { moduleRoutes } from '../http/route.js';
import { eventReadAction, type LiveEvent } from './events.js';

/** A comment line every so often: proxies and browsers keep a quiet stream open, and a dead one shows. */
export const HEARTBEAT_MS = 20_000;
/** How long a browser waits before it connects again (the SSE `retry:` hint). */
export const RETRY_MS = 3_000;
/**
 * A stream ends after this long and the browser opens another, signed in afresh: a revoked token or a
 * caller who lost the project stops hearing within this time.
 */
export const STREAM_MAX_MS = 10 * 60_000;

// The read actions of events take no record (a caller-only policy): asked with the caller's abilities alone.
const readable = can as (abilities: Abilities, action: Action) => boolean;

const frame = (event: string, data: object) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * An event's frame, written once for every stream it goes to: the hub hands each stream the same event
 * object, and a replay's events (up to 8,000 bytes each) reach every viewer of the project.
 */
const frames = new WeakMap<LiveEvent, string>();
function eventFrame(event: LiveEvent): string {
  let text = frames.get(event);
  if (text === undefined) {
    text = frame(event.type, event);
    frames.set(event, text);
  }
  return text;
}

/** Which events a stream passes on, and how often it asks whether its caller may still hear them. */
export interface StreamOptions {
  accept: (event: LiveEvent) => boolean;
  /** An event after which the stream ends at once (its station's link revoked). */
  endsOn?: (event: LiveEvent) => boolean;
  /** Asked every heartbeat: false ends the stream (a revoked link whose event was missed, say). */
  stillAllowed?: () => Promise<boolean>;
}

/**
 * The live event streams of one app: the function it answers serves a request the server-sent events of
 * a project that `accept` lets through. Streams end when the app closes (so a shutdown is never held by
 * them).
 */
export function eventStreams(root: FastifyInstance, ctx: AppContext) {
  const open = new Set<PassThrough>();
  root.addHook('preClose', (done) => {
    for (const stream of open) stream.end();
    done();
  });
  return async (request: FastifyRequest, reply: FastifyReply, projectId: string, options: StreamOptions) => {
    const stream = new PassThrough();
    const write = (text: string) => {
      if (!stream.writableEnded) stream.write(text);
    };
    const unsubscribe = await ctx.events.subscribe(projectId, {
      event(event: LiveEvent) {
        if (options.accept(event)) write(eventFrame(event));
        if (options.endsOn?.(event)) stream.end();
      },
      resync() {
        write(frame('resync', {}));
      },
    });
    const heartbeat = setInterval(() => {
      write(': heartbeat\n\n');
      options.stillAllowed?.().then(
        (allowed) => {
          if (!allowed) stream.end();
        },
        () => stream.end(),
      );
    }, HEARTBEAT_MS);
    const maxAge = setTimeout(() => stream.end(), STREAM_MAX_MS);
    heartbeat.unref();
    maxAge.unref();
    const stop = () => {
      clearInterval(heartbeat);
      clearTimeout(maxAge);
      unsubscribe();
      open.delete(stream);
      if (!stream.writableEnded) stream.end();
    };
    open.add(stream);
    stream.on('close', stop);
    stream.on('finish', stop);
    // The browser went away (or the connection did), or the stream ended: the connection goes too, so a
    // half-closed socket can't hold the server's close.
    const gone = () => {
      stop();
      const socket = request.raw.socket as { destroy?: () => void } | undefined;
      if (typeof socket?.destroy === 'function') socket.destroy(); // inject's socket has none
    };
    reply.raw.on('close', gone);
    if (reply.raw.destroyed) gone();
    write(`retry: ${RETRY_MS}\n\n`);
    write(frame('ready', {}));
    return (
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        // Its own connection: once the stream ends (the app closing) nothing keeps the socket open.
        .header('connection', 'close')
        // A stream, not the string the schema names for OpenAPI (Fastify pipes it, unserialized).
        .send(stream as never)
    );
  };
}

/**
 * GET /api/projects/:id/events: the project's live events as server-sent events (text/event-stream),
 * from every instance (events/hub.ts). Opened by anyone who sees the project (404 otherwise, as any
 * project route); each event is sent only to callers allowed to read what it names (eventReadAction).
 * The stream starts with `retry:` and a `ready` event once the hub listens (a change committed after
 * `ready` is heard), says `resync` when events may have been missed (the hub's connection was lost and
 * is back), and a heartbeat comment every 20 s. It ends when the app closes (so a shutdown is never held
 * by it) and after 10 minutes; the browser then connects again.
 */
export function registerEventRoutes(root: FastifyInstance, ctx: AppContext) {
  const { app, operation } = moduleRoutes(root, ['events']);
  const openStream = eventStreams(root, ctx);

  app.get(
    '/api/projects/:id/events',
    operation(
      'project.events',
      "The project's live events (text/event-stream): `ready` once listening, then events such as `photo-batch.state`, `photo-batch.photo-verified`, `check-in`, `photos.assigned` and `photo-check.failed` (ids and a state, never student data), `resync` when some may have been missed",
      { params: idParam, response: { 200: z.string().describe('text/event-stream') } },
    ),
    async (request, reply) => {
      const project = await request.access.find('project', request.params.id);
      const { abilities } = sessionOf(request);
      return openStream(request, reply, project.id, {
        accept: (event) => readable(abilities, eventReadAction(event)),
      });
    },
  );
}
