/**
 * An image thread's entry (pool.ts starts it; the build makes it dist/image-thread.js): runs the tasks it
 * is sent, one at a time, and answers each with its result or its error.
 */
import { parentPort } from 'node:worker_threads';
import { faceDetector } from '../faces.js';
import { ImageRejected } from '../images.js';
import { asBuffers, type TaskAnswer, type TaskRequest } from './messages.js';
import { tasks } from './tasks.js';

const port = parentPort;
if (!port) throw new Error('image thread: started outside a worker thread');

port.on('message', async ({ id, name, args }: TaskRequest) => {
  let answer: TaskAnswer;
  try {
    const run = tasks[name] as (...a: unknown[]) => Promise<unknown>;
    answer = { id, result: await run(...(asBuffers(args) as unknown[])) };
  } catch (error) {
    answer = {
      id,
      error: {
        rejected: error instanceof ImageRejected,
        message: error instanceof Error ? error.message : String(error),
      },
    };
  }
  port.postMessage(answer);
});
// The face detector loaded before the first photo (its models and WebAssembly memory belong to the
// thread's start, not to a photo); a failure is left for the first task to meet and report.
await faceDetector().catch(() => {});
// Loaded: pool.ts start() waits for this.
port.postMessage({ ready: true });
