import { examinePortrait } from '../../modules/photos/checks/checks.js';
import { readFrame, sharpFaceIn } from '../../modules/picture-day/frame-reading.js';
import { inspectAndRender } from '../images.js';

/**
 * What an image thread runs (pool.ts): the CPU-heavy image work of the jobs, each a pure function of
 * bytes to derived bytes and facts (no database, no storage).
 */
export const tasks = { examinePortrait, inspectAndRender, readFrame, sharpFaceIn };
export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;
