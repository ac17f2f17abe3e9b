import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type PassThrough, Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { type DataEncoding, ENCODING_LABELS, exportFieldKeyLabel } from '@school-portal/domain';
import { ZipFile } from 'yazl';
import { cropInMaster, renderExportImage } from '../../../images/export.js';
import {
  type DataColumn,
  dataColumns,
  dataFileStart,
  dataLineWriter,
  fitEncoding,
  headerCells,
  rowCells,
  textBytes,
} from './data.js';
import {
  type ArchiveLayout,
  archiveLayout,
  dataFolder,
  entryName,
  imageBaseName,
  imageFolder,
  imageFolderFromData,
  inIndex,
  UniqueNames,
} from './layout.js';
import { ImageParts, partLimit, writtenEntriesReleaser } from './parts.js';
import type {
  BuildExportArchiveArgs,
  BuildExportArchiveResult,
  ExportFormatRow,
  ExportImageSource,
  ExportRunOptions,
} from './types.js';

/** Two images in flight with one libvips thread each beat one image with two threads (PERFORMANCE.md). */
const IN_FLIGHT = 2;
const PROGRESS_EVERY_MS = 1000;

interface DataFile {
  entry: string;
  file: string;
  stream: WriteStream;
  rows: number;
}

/**
 * Streams the export's ZIP to storage at `key` (exports-contract.md). Images are rendered two at a time and
 * stored uncompressed; the data files are spooled to a temporary folder as rows come and deflated into the
 * archive at the end, with the readme. Memory stays flat in the number of subjects: the ZIP's output is
 * only fed while storage keeps up, and per subject only its name and entry metadata are kept.
 *
 * On any failure (or abort) the upload is torn down, so storage keeps no partial archive; writing the same
 * key again replaces the object.
 */
export async function buildExportArchive(args: BuildExportArchiveArgs): Promise<BuildExportArchiveResult> {
  const { storage, format, options, signal } = args;
  const layout = archiveLayout(format, options);
  const mtime = new Date();
  const zip = new ZipFile();
  const output = zip.outputStream as PassThrough;
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback(null, chunk);
    },
  });
  // Errors reach storage through putStream's pipeline; this keeps one raised before it listens from
  // becoming an uncaught exception.
  counter.on('error', () => {});
  output.pipe(counter);
  const upload = storage.putStream(args.key, counter, 'application/zip');
  const uploadFailed = upload.then(
    () => new Promise<never>(() => {}),
    (error: unknown) => Promise.reject(error),
  );
  uploadFailed.catch(() => {});

  const spool = await mkdtemp(path.join(tmpdir(), 'project-export-'));
  const dataFiles = new Map<string, DataFile>();
  const columns = dataColumns(format, options.fields);
  const lines = dataLineWriter(format);
  const names = new UniqueNames();
  const window: Promise<void>[] = [];
  let entries = 0;
  let images = 0;
  let sequence = 0;
  let done = 0;
  let subjectsExported = 0;
  let lastProgress = Date.now();

  const releaseWritten = writtenEntriesReleaser(zip);

  /** Waits while the ZIP's output holds more than storage has taken (or fails with the upload or abort). */
  const aborted = new Promise<never>((_, reject) =>
    signal?.addEventListener('abort', () => reject(signal.reason), { once: true }),
  );
  aborted.catch(() => {});
  const room = async () => {
    while (output.writableNeedDrain) await Promise.race([once(output, 'drain'), uploadFailed, aborted]);
  };

  /** The index (data file) of a folder, or its MASTER file (everyone, when the format keeps one). */
  const dataFile = async (folder: string, name = layout.dataFileName) => {
    const id = `${folder}/${name}`;
    let file = dataFiles.get(id);
    if (!file) {
      const spooled = path.join(spool, `data-${dataFiles.size}`);
      file = {
        entry: entryName(layout.root, folder, name),
        file: spooled,
        stream: createWriteStream(spooled),
        rows: 0,
      };
      dataFiles.set(id, file);
      file.stream.write(dataFileStart(format));
      if (format.data_include_headers) file.stream.write(lines([headerCells(format, columns)]));
    }
    return file;
  };

  const writeRow = async (folder: string, cells: string[], name?: string) => {
    const file = await dataFile(folder, name);
    file.rows++;
    if (!file.stream.write(lines([cells]))) await once(file.stream, 'drain');
  };

  const spec = {
    width: format.images_crop_width_pixels,
    height: format.images_crop_height_pixels,
    type: layout.imageType,
    pixelsPerInch: format.images_pixels_per_inch,
  };
  /** From the working master when it has pixels enough (and is there), else from the original. */
  const renderImage = async (image: ExportImageSource) => {
    const inMaster = image.master && cropInMaster(image, spec);
    if (image.master && inMaster) {
      const master = await storage.read(image.master.storageKey).catch(() => null);
      if (master) return renderExportImage(master, inMaster.crop, spec);
    }
    return renderExportImage(await storage.read(image.storageKey), image.crop, spec);
  };

  // Images in part ZIPs of their own (parts.ts), each added to the archive once it is full.
  const limit = partLimit(format);
  const parts = limit
    ? new ImageParts(spool, limit, mtime, async (file, name) => {
        zip.addFile(file, entryName(layout.root, name), { compress: false, mtime });
        entries++;
        await room();
      })
    : null;

  const addImage = (image: ExportImageSource, entry: string, inPart: string) => {
    const rendered = renderImage(image).catch((error: unknown) => {
      throw new Error(`Photo ${image.photoId} could not be exported: ${(error as Error).message}`);
    });
    rendered.catch(() => {});
    // Entries go into the ZIP in order; the next image renders while this one waits its turn.
    const previous = window.at(-1) ?? Promise.resolve();
    const added = Promise.all([previous, rendered]).then(async ([, buffer]) => {
      images++;
      if (parts) return parts.add(buffer, inPart);
      zip.addBuffer(buffer, entry, { compress: false, mtime });
      entries++;
      await room();
      releaseWritten();
    });
    added.catch(() => {});
    window.push(added);
  };

  try {
    for await (const subject of args.subjects) {
      signal?.throwIfAborted();
      done++;
      if (subject.images.length === 0 && !options.includeSubjectsWithoutImages) continue;
      subjectsExported++;
      const render = args.renderSubject?.(subject.id) ?? true;
      const subjectImages = format.include_images ? subject.images : [];
      const rows: { image_file_name: string; image_folder: string; image_size: string }[] = [];
      for (const image of subjectImages) {
        sequence++;
        const folder = imageFolder(layout, subject);
        const name = names.claim(
          folder,
          imageBaseName(format, options, subject, image, sequence),
          layout.extension,
        );
        if (render) {
          addImage(
            image,
            entryName(layout.root, folder, name),
            folder === layout.imagesDirectory ? name : `${folder}/${name}`,
          );
        }
        rows.push({
          image_file_name: name,
          image_folder: imageFolderFromData(layout, subject),
          image_size: `${spec.width}x${spec.height}`,
        });
        if (window.length >= IN_FLIGHT) await window.shift();
      }
      if (format.include_data) {
        const folder = dataFolder(layout, subject);
        const none = { image_file_name: '', image_folder: '', image_size: '' };
        for (const special of rows.length > 0 ? rows : [none]) {
          const cells = rowCells(format, columns, subject, { ...special, volume: layout.root });
          // A photo import's map (and an index beside a MASTER file) lists only rows with an image;
          // MASTER, everyone.
          if (render && inIndex(layout, rows.length > 0)) await writeRow(folder, cells);
          if (layout.masterFileName) await writeRow(folder, cells, layout.masterFileName);
        }
      }
      args.onSubjectWritten?.(
        subject.id,
        rows.map((r) => r.image_file_name),
      );
      if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = Date.now();
        await args.onProgress(done, args.total, progressMessage(done, args.total));
      }
    }
    while (window.length > 0) await window.shift();
    signal?.throwIfAborted();
    const partCount = parts ? await parts.finish() : 0;

    if (format.include_data) {
      if (dataFiles.size === 0) await dataFile(layout.dataDirectory);
      if (layout.masterFileName && dataFiles.size === 1) {
        await dataFile(layout.dataDirectory, layout.masterFileName);
      }
      for (const file of dataFiles.values()) {
        file.stream.end();
        await finished(file.stream);
        zip.addFile(file.file, file.entry, { compress: true, mtime });
        entries++;
      }
    }
    if (format.include_readme) {
      const text = readme(format, options, layout, columns, {
        subjects: subjectsExported,
        images,
        dataFiles: [...dataFiles.values()],
        date: mtime,
        parts: partCount,
      });
      zip.addBuffer(Buffer.from(text, 'utf8'), entryName(layout.root, layout.readmeName), {
        compress: true,
        mtime,
      });
      entries++;
    }
    const statement = format.copyright_statement?.trim();
    if (statement) {
      // In the index's encoding (a yearbook importer reads the package's text files alike), CRLF lines.
      const text = fitEncoding(`${statement.replace(/\r?\n/g, '\r\n')}\r\n`, format.data_encoding);
      zip.addBuffer(textBytes(text, format.data_encoding), entryName(layout.root, layout.copyrightName), {
        compress: true,
        mtime,
      });
      entries++;
    }
    zip.end();
    await upload;
    await args.onProgress(done, Math.max(done, args.total), 'Archive complete.');
    return { entries, images, bytes };
  } catch (error) {
    // Tear the upload down: the local driver drops its temporary file, S3 aborts the multipart upload.
    parts?.destroy();
    counter.destroy(error instanceof Error ? error : new Error(String(error)));
    await upload.catch(() => {});
    throw error;
  } finally {
    for (const file of dataFiles.values()) file.stream.destroy();
    await rm(spool, { recursive: true, force: true });
  }
}

const progressMessage = (done: number, total: number) =>
  `Exported ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} subjects.`;

const DELIMITER_NAMES: Record<string, string> = { comma: 'comma', tab: 'tab', space: 'space' };

/** What the archive holds, in plain words: counts, settings and paths, never student data. */
function readme(
  format: ExportFormatRow,
  options: ExportRunOptions,
  layout: ArchiveLayout,
  columns: DataColumn[],
  facts: { subjects: number; images: number; dataFiles: DataFile[]; date: Date; parts: number },
): string {
  const lines = [
    `${format.name}`,
    '',
    `Exported from School Portal on ${facts.date.toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    `Project: ${options.projectName}`,
    `Subjects: ${facts.subjects}`,
  ];
  if (format.include_images) {
    const ppi = format.images_pixels_per_inch ? `, ${format.images_pixels_per_inch} pixels per inch` : '';
    const kind = layout.imageType.replace('image/', '').toUpperCase();
    const folders = [
      layout.root,
      layout.imagesGrouped ? `<${exportFieldKeyLabel(layout.groupKey)}>` : '',
      layout.imagesDirectory,
    ].filter(Boolean);
    const where = folders.length > 0 ? folders.join('/') : "the archive's root";
    const limit = partLimit(format);
    const bytes = limit?.toLocaleString('en-US');
    const parts =
      facts.parts === 1
        ? `in part-1.zip (at most ${bytes} bytes): upload it.`
        : `in ${facts.parts} ZIPs of at most ${bytes} bytes each (part-1.zip to part-${facts.parts}.zip): upload each one.`;
    lines.push(
      `Images: ${facts.images} (${kind}, ${format.images_crop_width_pixels} x ${format.images_crop_height_pixels} pixels${ppi}) ${limit ? parts : `in ${where}`}`,
    );
  }
  if (format.include_data) {
    const rows = facts.dataFiles.reduce((sum, f) => sum + f.rows, 0);
    lines.push(
      `Data: ${facts.dataFiles.length === 1 ? '1 file' : `${facts.dataFiles.length} files`}, ${rows} rows; ${DELIMITER_NAMES[format.data_delimiter_format] ?? 'comma'}-delimited, ${format.data_newline_format.toUpperCase()} line ends, ${ENCODING_LABELS[format.data_encoding as DataEncoding] ?? 'UTF-8'}, ${format.data_include_headers ? 'a header line' : 'no header line'}.`,
      `Columns: ${columns.map((c) => c.label).join(', ')}`,
      ...(layout.masterFileName
        ? [`${layout.masterFileName} lists every subject; ${layout.dataFileName}, those with an image.`]
        : layout.indexNeedsImage
          ? [`${layout.dataFileName} lists the subjects with an image only.`]
          : []),
      ...facts.dataFiles.map((f) => `  ${f.entry}`),
    );
  }
  if (format.copyright_statement?.trim()) {
    lines.push(`${layout.copyrightName}: the studio's statement of how these images may be used.`);
  }
  return `${lines.join('\r\n')}\r\n`;
}
