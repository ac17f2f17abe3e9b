import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ImageRejected } from '../images.js';
import { asBuffers, type TaskAnswer, type ThreadReady } from './messages.js';
import type { TaskName, Tasks } from './tasks.js';

/**
 * Image threads: the jobs' image work (decode, renditions, master, card codes, faces) runs on worker
 * threads, off the thread that serves requests and runs the jobs' database work. Two reasons, both
 * measured (bench:picture-day with a CPU profile): the card reader and the face detector are WebAssembly
 * that runs on the calling thread (40-60 ms a photo), and every photo's pixel buffers (about 45 MB of
 * them) made V8 collect the main thread's whole heap (fastify, kysely, pg-boss: 60 MB) about once a
 * photo, for another 50 ms. A thread's own heap is small, so its collections are cheap, and two threads
 * work on two photos at once while the main thread serves.
 */
export const IMAGE_THREADS = 2;

/** Running from TypeScript sources (tests, tsx): the thread loads them through tsx, as its parent does. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');

function startThread(): Worker {
  if (!FROM_SOURCE) return new Worker(new URL('./image-thread.js', import.meta.url));
  // tsx's ES module API (require resolves its CommonJS twin, whose register() fails in an ES module thread).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const entry = new URL('./thread.ts', import.meta.url).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`,
    { eval: true },
  );
}

/**
 * Memory shared with the threads for the bytes they are given, reused: a photo's bytes are copied into it
 * once and the thread reads them where they are. Fresh SharedArrayBuffers for every photo piled up (420 MB
 * for 20 photos of 21 MB): a thread that allocates little collects its garbage rarely, and until it does,
 * its reference keeps each one alive. At most `keep` are kept, the largest ones.
 */
export class SharedBytes {
  private readonly free: SharedArrayBuffer[] = [];

  constructor(private readonly keep: number) {}

  /** Runs `fn` with `size` bytes of shared memory (not zeroed: `fn` fills them), returned to the pool after. */
  async with<T>(size: number, fn: (bytes: Buffer) => Promise<T>): Promise<T> {
    const fits = this.free.findIndex((memory) => memory.byteLength >= size);
    const memory =
      fits >= 0 ? (this.free.splice(fits, 1)[0] as SharedArrayBuffer) : new SharedArrayBuffer(size);
    try {
      return await fn(Buffer.from(memory, 0, size));
    } finally {
      this.free.push(memory);
      this.free.sort((a, b) => b.byteLength - a.byteLength);
      this.free.length = Math.min(this.free.length, this.keep);
    }
  }
}

interface Job {
  id: number;
  name: TaskName;
  args: unknown[];
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

type Result<K extends TaskName> = Awaited<ReturnType<Tasks[K]>>;

export class ImageThreads {
  private readonly threads = new Map<Worker, Job | null>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  /** Shared memory for the bytes given to the threads, as many as can be in flight. */
  readonly shared: SharedBytes;

  constructor(private readonly size = IMAGE_THREADS) {
    this.shared = new SharedBytes(size);
  }

  /**
   * Starts every thread and waits until each has loaded its tasks (the workers' start-up calls it, so
   * that a process's memory and start time include its threads before the first photo).
   */
  async start(): Promise<void> {
    const starting: Promise<void>[] = [];
    while (this.threads.size < this.size) starting.push(this.ready(this.start1()));
    await Promise.all(starting);
  }

  private ready(thread: Worker): Promise<void> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: ThreadReady | TaskAnswer) => {
        if (!('ready' in message)) return;
        thread.off('message', onMessage);
        resolve();
      };
      thread.on('message', onMessage);
      thread.once('error', reject);
    });
  }

  /**
   * Runs a task on the next free thread (started on first use, and again after one dies). Buffers in the
   * arguments are copied to the thread unless they are over a SharedArrayBuffer; Buffers in the result
   * come back as Buffers. An ImageRejected thrown by the task is thrown here as an ImageRejected.
   */
  run<K extends TaskName>(name: K, ...args: Parameters<Tasks[K]>): Promise<Result<K>> {
    return new Promise<unknown>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, name, args, resolve, reject });
      this.dispatch();
    }) as Promise<Result<K>>;
  }

  /** Stops every thread; a task in flight fails. */
  async close(): Promise<void> {
    const threads = [...this.threads.keys()];
    this.threads.clear();
    await Promise.all(threads.map((t) => t.terminate()));
  }

  private dispatch() {
    while (this.queue.length) {
      let thread = [...this.threads].find(([, job]) => job === null)?.[0];
      if (!thread && this.threads.size < this.size) thread = this.start1();
      if (!thread) return;
      const job = this.queue.shift() as Job;
      this.threads.set(thread, job);
      // Referenced while it works, so that a caller awaiting it keeps the process alive; idle, it does not.
      thread.ref();
      thread.postMessage({ id: job.id, name: job.name, args: job.args });
    }
  }

  private start1(): Worker {
    const thread = startThread();
    this.threads.set(thread, null);
    thread.unref();
    thread.on('message', (answer: TaskAnswer | ThreadReady) => {
      const job = this.threads.get(thread);
      if ('ready' in answer || !job || job.id !== answer.id) return;
      this.threads.set(thread, null);
      thread.unref();
      if ('error' in answer) {
        const { rejected, message } = answer.error;
        job.reject(rejected ? new ImageRejected(message) : new Error(`image thread: ${message}`));
      } else job.resolve(asBuffers(answer.result));
      this.dispatch();
    });
    const lost = (error: Error) => {
      const job = this.threads.get(thread);
      if (!this.threads.delete(thread)) return;
      job?.reject(error);
      this.dispatch();
    };
    thread.on('error', lost);
    thread.on('exit', (code) => lost(new Error(`image thread: stopped (exit code ${code})`)));
    return thread;
  }
}

let shared: ImageThreads | null = null;

/** This process's image threads. */
export function imageThreads(): ImageThreads {
  shared ??= new ImageThreads();
  return shared;
}
