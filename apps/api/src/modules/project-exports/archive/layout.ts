import path from 'node:path';
import { exportDataFileName } from '@school-portal/domain';
import anyAscii from 'any-ascii';
import { EXPORT_IMAGE_EXTENSIONS, type ExportImageType } from '../../../images/export.js';
import type { ExportFormatRow, ExportImageSource, ExportRunOptions, ExportSubject } from './types.js';

/**
 * Where things go in the archive, and what images are called (exports-and-printing §3):
 *
 *   <output directory>/[<group>/]<images directory>/<image name>.<ext>
 *   <output directory>/[<group>/][<data directory>/]<data file name>.<ext>
 *   <output directory>/readme.txt (README.TXT beside an index in capitals), COPYRIGHT.TXT likewise
 *
 * The output directory is the format's output_directory_name, else its name; a format with files_at_root
 * has none (its files sit at the archive's root, as the school system takes them), and its images sit at
 * the root too unless it names an images directory. The group folder is the
 * subject's value of the run's group field (the custom one, else the format's), for images when
 * images_directory_group_enabled and for data when data_directory_group_enabled (a data file per group).
 * The images directory defaults to "images"; without a data directory name the data file sits in the
 * output (or group) folder itself, beside the images directory (as PSPA's INDEX.TXT does).
 *
 * Every path segment is cleaned (zip-slip, SECURITY.md): no "..", no slashes or backslashes, no control
 * characters, never absolute; entryName() checks the joined result once more.
 */

export const DEFAULT_IMAGES_DIRECTORY = 'images';
export const UNGROUPED_FOLDER = 'Ungrouped';

const SEPARATORS: Record<string, string> = { underscore: '_', hyphen: '-', comma: ',' };

/** Accents off (é -> e), then the text as NFC. */
const plain = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');

/**
 * A folder name from free text: letters, digits, spaces, "_" and "-" (other characters become "_", or
 * vanish beside a space: "Mrs. Park" is "Mrs Park"),
 * trimmed, at most 100 characters; `fallback` when nothing is left.
 */
export function folderSegment(text: string | null | undefined, fallback: string): string {
  const cleaned = plain(text ?? '')
    .replace(/[^\p{L}\p{N} _-]+/gu, '_')
    .replace(/_*\s[\s_]*/g, ' ')
    .replace(/_+/g, '_')
    .trim()
    .replace(/^[_ ]+|[_ ]+$/g, '')
    .slice(0, 100)
    .trim();
  return cleaned || fallback;
}

/**
 * A file-name part from a value: ASCII letters, digits, "_" and "-" only (spaces become "_"), other
 * letters transliterated as the data file does ("Łukasz" is "Lukasz", "Strauß" "Strauss", "Дмитрий"
 * "Dmitriy"), so that an image's name and its row agree.
 */
export function namePart(text: string | null | undefined): string {
  return anyAscii((text ?? '').normalize('NFC'))
    .trim()
    .replace(/\s+/g, '_')
    .replace(/[^A-Za-z0-9_-]+/g, '')
    .replace(/_+/g, '_')
    .slice(0, 80);
}

/** True when cleaning a value for a file name would change it (beyond spaces becoming "_"). */
export const hasForbiddenCharacters = (text: string | null | undefined) =>
  namePart(text) !== (text ?? '').trim().replace(/\s+/g, '_').replace(/_+/g, '_');

/** Joins cleaned segments into an archive entry name, refusing anything that could leave the root. */
export function entryName(...segments: string[]): string {
  const name = segments.filter((s) => s !== '').join('/');
  const parts = name.split('/');
  if (
    name.startsWith('/') ||
    name.includes('\\') ||
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    /[\u0000-\u001f\u007f:]/.test(name) ||
    parts.some((p) => p === '' || p === '.' || p === '..')
  ) {
    throw new Error('unsafe archive entry name');
  }
  return name;
}

export interface ArchiveLayout {
  /** The output directory, or '' when the files sit at the archive's root. */
  root: string;
  groupKey: string | null;
  imagesGrouped: boolean;
  dataGrouped: boolean;
  imagesDirectory: string;
  dataDirectory: string;
  dataFileName: string;
  /** The readme's name and the usage statement's, in the data file's case (`README.TXT`, `COPYRIGHT.TXT`). */
  readmeName: string;
  copyrightName: string;
  /** The MASTER file's name (everyone, when the format keeps one), in the data file's case. */
  masterFileName: string | null;
  /** The data file lists only subjects with an image: the format asks it, or keeps a MASTER file. */
  indexNeedsImage: boolean;
  imageType: ExportImageType;
  extension: string;
}

export function archiveLayout(format: ExportFormatRow, options: ExportRunOptions): ArchiveLayout {
  const groupKey = options.groupFieldKey || null;
  const imageType = format.images_content_type as ExportImageType;
  return {
    root: format.files_at_root ? '' : folderSegment(format.output_directory_name || format.name, 'export'),
    groupKey,
    imagesGrouped: !!groupKey && format.images_directory_group_enabled,
    dataGrouped: !!groupKey && format.data_directory_group_enabled,
    imagesDirectory: folderSegment(
      format.images_directory_name,
      format.files_at_root ? '' : DEFAULT_IMAGES_DIRECTORY,
    ),
    dataDirectory: format.data_directory_name ? folderSegment(format.data_directory_name, '') : '',
    dataFileName: dataFileName(format),
    readmeName: sideFileName(format, 'readme'),
    copyrightName: sideFileName(format, 'copyright'),
    masterFileName: format.include_data && format.data_master_file ? dataFileName(format, 'MASTER') : null,
    indexNeedsImage:
      format.include_data &&
      format.include_images &&
      (format.data_image_rows_only || format.data_master_file),
    imageType,
    extension: EXPORT_IMAGE_EXTENSIONS[imageType] ?? 'jpg',
  };
}

/** A data file's name (exportDataFileName: `INDEX.TXT`, `MASTER.TXT`), from the cleaned base name. */
function dataFileName(format: ExportFormatRow, base?: string): string {
  const own = namePart(format.data_file_name) || 'data';
  return exportDataFileName(own, format.data_file_extension === 'txt' ? 'txt' : 'csv', base);
}

/**
 * A text file beside the data file (readme, copyright), in the data file's case as exportDataFileName gives
 * it: `README.TXT` beside `INDEX.TXT` (the names the PSPA guidelines use), else `readme.txt`.
 */
function sideFileName(format: ExportFormatRow, base: string): string {
  return exportDataFileName(
    format.include_data ? namePart(format.data_file_name) || 'data' : base,
    'txt',
    base,
  );
}

export const groupFolder = (layout: ArchiveLayout, subject: ExportSubject) =>
  layout.groupKey ? folderSegment(subject.values[layout.groupKey], UNGROUPED_FOLDER) : '';

/** The folder (inside the root) of a subject's images. */
export const imageFolder = (layout: ArchiveLayout, subject: ExportSubject) => {
  const group = layout.imagesGrouped ? groupFolder(layout, subject) : '';
  return group || layout.imagesDirectory ? entryName(group, layout.imagesDirectory) : '';
};

/** Whether a subject's row goes into the index (the data file): always, unless it needs an image. */
export const inIndex = (layout: ArchiveLayout, hasImage: boolean) => !layout.indexNeedsImage || hasImage;

/** The folder (inside the root, '' for the root itself) of the data file a subject's rows go to. */
export const dataFolder = (layout: ArchiveLayout, subject: ExportSubject) =>
  [layout.dataGrouped ? groupFolder(layout, subject) : '', layout.dataDirectory].filter(Boolean).join('/');

/** The Image Folder column: the images' folder as seen from the data file's folder. */
export const imageFolderFromData = (layout: ArchiveLayout, subject: ExportSubject) =>
  path.posix.relative(dataFolder(layout, subject) || '.', imageFolder(layout, subject));

const zeroPad = (value: string, length: number) =>
  /^\d+$/.test(value) ? value.padStart(length, '0') : value;

/** The field keys an image's name is built from. */
export const imageNameKeys = (format: ExportFormatRow) =>
  [format.images_name_primary_field_first_key, format.images_name_primary_field_second_key].filter(
    (k): k is string => !!k,
  );

/**
 * An image's name before it is made unique, without extension: the crop's name when the run asks for
 * it (and the photo's crop has one), else the name fields joined by the separator, each cleaned and the
 * numeric ones zero padded; then the sequential number when the format appends one. Falls back to the
 * subject's id when nothing is left.
 */
export function imageBaseName(
  format: ExportFormatRow,
  options: ExportRunOptions,
  subject: ExportSubject,
  image: ExportImageSource | null,
  sequence: number,
): string {
  const separator = SEPARATORS[format.images_name_primary_separator ?? 'underscore'] ?? '_';
  let base = options.usePhotoCropName && image?.cropName ? namePart(image.cropName) : '';
  if (!base) {
    base = imageNameKeys(format)
      .map((key) => {
        const part = namePart(subject.values[key]);
        return format.images_name_zero_pad_enabled ? zeroPad(part, format.images_name_zero_pad_length) : part;
      })
      .filter(Boolean)
      .join(separator);
  }
  if (!base) base = namePart(subject.id) || 'image';
  return format.images_name_append_sequential_number ? `${base}${separator}${sequence}` : base;
}

/**
 * Makes names unique per folder, ignoring case (Windows and macOS file systems do): the second "a.jpg"
 * becomes "a-2.jpg", then "a-3.jpg".
 */
export class UniqueNames {
  private readonly taken = new Set<string>();

  claim(folder: string, base: string, extension: string): string {
    for (let n = 1; ; n++) {
      const name = `${n === 1 ? base : `${base}-${n}`}.${extension}`;
      const key = `${folder}/${name}`.toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return name;
      }
    }
  }
}
