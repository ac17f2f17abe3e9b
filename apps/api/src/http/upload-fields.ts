import { z } from 'zod';

/** The file name an upload form declares. */
export const uploadFileName = z.string().trim().min(1).max(255);

/** The size in bytes an upload form declares: at least one, at most `maxBytes` (said in MB when refused). */
export const uploadFileSize = (maxBytes: number) =>
  z
    .number()
    .int()
    .min(1)
    .max(maxBytes, `must be at most ${maxBytes / 1024 / 1024} MB`);
