import type { FastifyBaseLogger } from 'fastify';
import { type Listener, listen } from '../db/listener.js';
import { EVENTS_CHANNEL, envelopeSchema, type LiveEvent } from './events.js';

/** One stream's ears: its project's events, and a word when some may have been missed. */
export interface EventSubscriber {
  event(event: LiveEvent): void;
  /** The hub's connection was lost and is back: events in between are gone, read everything again. */
  resync(): void;
}

const RETRY_FIRST_MS = 250;
const RETRY_MAX_MS = 5_000;

/**
 * A process's one LISTEN connection (opened at the first subscription, so a worker process never holds
 * one), fanning every event out to the subscribers of its project. When the connection drops it opens
 * another (at 250 ms, doubling up to 5 s) and tells every subscriber to read afresh once it listens
 * again.
 */
export class EventHub {
  private readonly subscribers = new Map<string, Set<EventSubscriber>>();
  private listener: Listener | null = null;
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs = RETRY_FIRST_MS;
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Adds a subscriber to a project's events; resolves once the hub listens (an event committed after
   * that reaches it) with the function that removes it. Rejects when the hub is closed or can't connect.
   */
  async subscribe(projectId: string, subscriber: EventSubscriber): Promise<() => void> {
    if (this.closed) throw new Error('event hub closed');
    await this.connected();
    let set = this.subscribers.get(projectId);
    if (!set) {
      set = new Set();
      this.subscribers.set(projectId, set);
    }
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.subscribers.get(projectId) === set) this.subscribers.delete(projectId);
    };
  }

  /** How many subscribers are held (for tests and metrics). */
  get size(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.connecting?.catch(() => {});
    await this.listener?.close();
    this.listener = null;
    this.subscribers.clear();
  }

  private connected(): Promise<void> {
    if (this.listener) return Promise.resolve();
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<void> {
    const listener = await listen(
      this.databaseUrl,
      EVENTS_CHANNEL,
      (payload) => this.deliver(payload),
      (error) => this.lost(error),
    );
    if (this.closed) {
      await listener.close();
      throw new Error('event hub closed');
    }
    this.listener = listener;
    this.retryMs = RETRY_FIRST_MS;
  }

  private deliver(payload: string) {
    const parsed = envelopeSchema.safeParse(safeJson(payload));
    if (!parsed.success) {
      this.log.warn('live event with an unknown shape ignored');
      return;
    }
    const set = this.subscribers.get(parsed.data.project_id);
    if (!set) return;
    for (const subscriber of [...set]) subscriber.event(parsed.data.event);
  }

  private lost(error?: Error) {
    this.listener = null;
    if (this.closed) return;
    this.log.warn({ err: error }, 'live events connection lost; reconnecting');
    this.retry();
  }

  private retry() {
    if (this.closed || this.retryTimer) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed) return;
      this.connected().then(
        () => {
          this.log.info('live events connection back');
          for (const set of this.subscribers.values()) for (const subscriber of [...set]) subscriber.resync();
        },
        (err) => {
          this.log.warn({ err }, 'live events reconnect failed');
          this.retry();
        },
      );
    }, delay);
    this.retryTimer.unref();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
