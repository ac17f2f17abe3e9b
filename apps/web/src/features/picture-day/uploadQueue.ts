import pLimit from 'p-limit';
import { useSyncExternalStore } from 'react';
import {
  fetchPhotoBatchItems,
  invalidatePhotoBatch,
  type RegisteredFile,
  registerBatchPhoto,
  uploadBatchPhoto,
} from '../../api/picture-day';
import { UPLOAD_CONCURRENCY } from '../../api/uploads';

/**
 * A batch's uploads, held outside React so that they go on while the user looks at another screen of
 * the app, and the batch page shows them again on return. For thousands of files only a stage number
 * and a progress fraction per file (no object URLs, no thumbnails of local files); screens are told at
 * most every NOTIFY_MS.
 */
export const STAGES = ['queued', 'uploading', 'verifying', 'done', 'already-there', 'failed'] as const;
export type FileStage = (typeof STAGES)[number];
const STAGE = Object.fromEntries(STAGES.map((stage, index) => [stage, index])) as Record<FileStage, number>;
const NOTIFY_MS = 200;
/**
 * Files registered with the batch at once, ahead of the uploads: every chosen file gets its record
 * within seconds, so that a batch whose upload stops (a reload, a closed tab) counts and names every file
 * it is missing, not only the few whose bytes were on their way.
 */
const REGISTER_CONCURRENCY = 3;

export interface UploadSummary {
  total: number;
  queued: number;
  uploading: number;
  done: number;
  alreadyThere: number;
  failed: number;
  /** 0..1 by bytes. */
  progress: number;
  running: boolean;
}

const identity = (name: string, size: number) => `${name}\u0000${size}`;

export class BatchUpload {
  readonly files: File[] = [];
  private readonly stages: number[] = [];
  private readonly fractions: number[] = [];
  private readonly errors = new Map<number, unknown>();
  private readonly chosen = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private readonly limit = pLimit(UPLOAD_CONCURRENCY);
  private readonly registerLimit = pLimit(REGISTER_CONCURRENCY);
  /** Name and size of the files the batch has verified already (read when sending starts). */
  private known: Set<string> | null = null;
  private controller: AbortController | null = null;
  private pending = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  version = 0;

  constructor(readonly batchId: string) {}

  stage(index: number): FileStage {
    return STAGES[this.stages[index] ?? 0] ?? 'queued';
  }

  fraction(index: number): number {
    return this.fractions[index] ?? 0;
  }

  error(index: number): unknown {
    return this.errors.get(index);
  }

  get running(): boolean {
    return this.controller !== null;
  }

  summary(): UploadSummary {
    const counts = STAGES.map(() => 0);
    let totalBytes = 0;
    let sentBytes = 0;
    this.files.forEach((file, i) => {
      const stage = this.stages[i] ?? 0;
      counts[stage] = (counts[stage] ?? 0) + 1;
      const finished = stage === STAGE.done || stage === STAGE['already-there'];
      totalBytes += file.size;
      sentBytes += file.size * (finished ? 1 : (this.fractions[i] ?? 0));
    });
    const count = (stage: FileStage) => counts[STAGE[stage]] ?? 0;
    return {
      total: this.files.length,
      queued: count('queued'),
      uploading: count('uploading') + count('verifying'),
      done: count('done'),
      alreadyThere: count('already-there'),
      failed: count('failed'),
      progress: totalBytes > 0 ? sentBytes / totalBytes : 0,
      running: this.running,
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private set(index: number, stage: FileStage, fraction: number) {
    this.stages[index] = STAGE[stage];
    this.fractions[index] = fraction;
    this.changed();
  }

  private changed(now = false) {
    if (!now) {
      this.timer ??= setTimeout(() => this.changed(true), NOTIFY_MS);
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.version++;
    for (const listener of this.listeners) listener();
  }

  /** Adds files (one already chosen, by name and size, is not added twice) and sends them. */
  add(files: File[]): void {
    const start = this.files.length;
    for (const file of files) {
      if (this.chosen.has(identity(file.name, file.size))) continue;
      this.chosen.add(identity(file.name, file.size));
      this.files.push(file);
      this.stages.push(STAGE.queued);
      this.fractions.push(0);
    }
    this.changed(true);
    if (this.running && this.known) this.schedule(range(start, this.files.length));
    else void this.start();
  }

  /**
   * Sends every queued file (and, started again, every failed one), six at a time, each registered with
   * the batch ahead of its bytes (REGISTER_CONCURRENCY). Files the batch has already (an upload the
   * browser was closed during) are not sent again: the batch's items are read first, and the server
   * answers a repeated name and size with the photo it has.
   */
  async start(): Promise<void> {
    if (this.controller) return;
    const controller = new AbortController();
    this.controller = controller;
    this.changed(true);
    const items = await fetchPhotoBatchItems(this.batchId, undefined, controller.signal).catch(() => []);
    this.known = new Set(
      items.filter((item) => item.verified).map((item) => identity(item.file_name, item.byte_size)),
    );
    this.schedule(
      range(0, this.files.length).filter((i) => this.stage(i) === 'queued' || this.stage(i) === 'failed'),
    );
    if (this.pending === 0) this.finish(controller);
  }

  /** Stops sending; what was not finished stays queued for the next start. */
  stop(): void {
    this.controller?.abort();
  }

  private finish(controller: AbortController) {
    if (this.controller === controller) this.controller = null;
    this.changed(true);
    invalidatePhotoBatch(this.batchId);
  }

  private schedule(indices: number[]) {
    const controller = this.controller;
    if (!controller) return;
    const { signal } = controller;
    for (const index of indices) {
      const file = this.files[index];
      if (!file) continue;
      if (this.known?.has(identity(file.name, file.size))) {
        this.set(index, 'already-there', 1);
        continue;
      }
      this.set(index, 'queued', 0);
      this.pending++;
      // Its record first, ahead of the bytes (REGISTER_CONCURRENCY); a failure here is met again below.
      const registered = this.registerLimit(() =>
        signal.aborted ? undefined : registerBatchPhoto(this.batchId, file, signal),
      ).catch(() => undefined);
      void this.limit(async () => this.send(index, file, signal, await registered)).finally(() => {
        this.pending--;
        if (this.pending === 0) this.finish(controller);
      });
    }
  }

  private async send(index: number, file: File, signal: AbortSignal, registered?: RegisteredFile) {
    if (signal.aborted) return;
    this.errors.delete(index);
    this.set(index, 'uploading', 0);
    try {
      const outcome = await uploadBatchPhoto(this.batchId, file, {
        signal,
        registered,
        onProgress: (fraction) => {
          this.fractions[index] = fraction;
          if (fraction >= 1) this.stages[index] = STAGE.verifying;
          this.changed();
        },
      });
      this.set(index, outcome === 'sent' ? 'done' : 'already-there', 1);
    } catch (error) {
      if (signal.aborted) {
        this.set(index, 'queued', 0);
        return;
      }
      this.errors.set(index, error);
      this.set(index, 'failed', 0);
    }
  }
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
}

/** The uploads of this browser tab, one per batch. */
const uploads = new Map<string, BatchUpload>();
const listeners = new Set<() => void>();

function subscribeUploads(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Files chosen for a batch: added to its upload and sent. */
export function addFiles(batchId: string, files: File[]): void {
  let upload = uploads.get(batchId);
  if (!upload) {
    upload = new BatchUpload(batchId);
    uploads.set(batchId, upload);
    for (const listener of listeners) listener();
  }
  upload.add(files);
}

const noSubscription = () => () => undefined;

/** The batch's upload in this tab (undefined when none), re-rendering as it goes. */
export function useBatchUpload(batchId: string): BatchUpload | undefined {
  const upload = useSyncExternalStore(subscribeUploads, () => uploads.get(batchId));
  useSyncExternalStore(upload?.subscribe ?? noSubscription, () => upload?.version ?? 0);
  return upload;
}
