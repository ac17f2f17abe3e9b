import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  buildExportArchive,
  type ExportFormatRow,
  type ExportImageSource,
  type ExportRunOptions,
  type ExportSubject,
} from '../../src/modules/project-exports/archive/index.js';
import { LocalStorage } from '../../src/storage/local.js';
import type { Storage } from '../../src/storage/storage.js';

/** Local storage in a fresh temporary folder (`dir`), for archives built without the app; `remove` deletes it. */
export async function temporaryStorage(prefix: string) {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return {
    dir,
    storage: new LocalStorage(dir, 'test-secret-test-secret-test-secret'),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The upright photo `photoId` stored at `storageKey`, `width` x `height`, as an export takes it whole. */
export const wholeImage = (
  photoId: string,
  storageKey: string,
  width: number,
  height: number,
): ExportImageSource => ({
  photoId,
  storageKey,
  width,
  height,
  orientation: 1,
  crop: { x: 0, y: 0, width, height },
  cropName: null,
  master: null,
});

/**
 * `format`'s archive of `subjects` built into `storage` at `key`: the run's result, each progress report
 * ([done, total, message]) and the archive's bytes.
 */
export async function buildArchive(
  storage: Storage,
  key: string,
  format: ExportFormatRow,
  subjects: ExportSubject[],
  options: ExportRunOptions,
) {
  const progress: [number, number, string][] = [];
  const result = await buildExportArchive({
    storage,
    key,
    format,
    subjects,
    total: subjects.length,
    options,
    onProgress: async (done, total, message) => {
      progress.push([done, total, message]);
    },
  });
  return { result, progress, bytes: await storage.read(key) };
}
