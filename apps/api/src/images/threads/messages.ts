import type { TaskName } from './tasks.js';

/** A task sent to an image thread. */
export interface TaskRequest {
  id: number;
  name: TaskName;
  args: unknown[];
}

/** An image thread's answer to a task: its result, or its error (ImageRejected told apart). */
export type TaskAnswer =
  | { id: number; result: unknown }
  | { id: number; error: { rejected: boolean; message: string } };

/** What a thread says once it has loaded its tasks. */
export interface ThreadReady {
  ready: true;
}

/**
 * The value with every Uint8Array in it a Buffer again (over the same memory): a structured clone
 * between threads keeps the bytes but makes Buffers plain Uint8Arrays.
 */
export function asBuffers(value: unknown): unknown {
  if (value instanceof Uint8Array)
    return Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  if (Array.isArray(value)) return value.map(asBuffers);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asBuffers(v)]));
  return value;
}
