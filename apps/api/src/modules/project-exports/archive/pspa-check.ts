import {
  archiveLayout,
  imageBaseName,
  imageFolder,
  imageFolderFromData,
  inIndex,
  UniqueNames,
} from './layout.js';
import type { ExportCheckIssue, ExportFormatRow, ExportRunOptions, ExportSubject } from './types.js';

/**
 * The PSPA package check (docs/exports.md "PSPA package"), for the built-in PSPA format
 * and any format whose index maps the PSPA Volume column (its copies). What yearbook importers read from
 * the PSPA Digital Data & Image Format Guidelines as yearbook companies document them:
 *
 * - every INDEX.TXT row names its image (`pspa_row_without_image`): a row without one is a blank portrait;
 * - image file names are unique across the package, ignoring case (`pspa_name_not_unique`), and made of
 *   letters, digits, "_" and "-" only, as folders are (plus spaces) (`pspa_unsafe_name`);
 * - one image size and aspect across the package: JPEG at 4:5, 640 x 800 or larger (`pspa_image_size`, about
 *   the format), and crops of that shape (`pspa_aspect`: another shape is cut to fit);
 * - staff apart from students: when the project has a Title or Department field (the index's staff
 *   columns K and L), a subject with either is staff, and importers tell staff apart by Grade (Staff,
 *   Faculty ...), so staff with a student's grade are flagged (`pspa_staff_unmarked`).
 */

const PSPA_WIDTH = 640;
const PSPA_HEIGHT = 800;
const PSPA_ASPECT = PSPA_WIDTH / PSPA_HEIGHT;
/** How far a crop's shape may be from the package's before it counts as another (1%). */
const ASPECT_TOLERANCE = 0.01;
const SAFE_FILE_NAME = /^[A-Za-z0-9_-]+\.(jpg|jpeg)$/i;
const SAFE_FOLDER = /^[A-Za-z0-9 _-]+$/;
/** A Grade that marks a row as staff's in yearbook importers. */
const STAFF_GRADE = /^(staff|faculty|fac|teachers?|admin(istration)?|administrators?|office|support staff)$/i;
const STAFF_FIELDS = ['title', 'department'];
const MAX_LISTED = 100;

const subjects = (n: number) => (n === 1 ? '1 subject' : `${n.toLocaleString('en-US')} subjects`);
const has = (n: number) => (n === 1 ? 'has' : 'have');

function issue(code: ExportCheckIssue['code'], message: string, ids: string[]): ExportCheckIssue {
  const all = [...new Set(ids)];
  return { code, message, field_key: null, count: all.length, subject_ids: all.slice(0, MAX_LISTED) };
}

export const isPspaPackage = (format: ExportFormatRow) =>
  format.standard_key === 'pspa_yearbook' ||
  (format.include_data && format.field_mappings.some((m) => m.field_key === 'volume'));

export function pspaIssues(
  format: ExportFormatRow,
  exported: ExportSubject[],
  options: ExportRunOptions,
): ExportCheckIssue[] {
  if (!isPspaPackage(format)) return [];
  const issues: ExportCheckIssue[] = [];
  const layout = archiveLayout(format, options);
  const withImages = format.include_images ? exported.filter((s) => s.images.length > 0) : [];

  // Index rows without an image: a format that lists only rows with an image (or keeps a MASTER file)
  // leaves them out of the index (left_out_of_index).
  const imaged = new Set(withImages);
  const blankRows = exported.filter((s) => !imaged.has(s) && inIndex(layout, false));
  if (blankRows.length > 0) {
    issues.push(
      issue(
        'pspa_row_without_image',
        `${subjects(blankRows.length)} would have a row in ${layout.dataFileName} without an image; PSPA asks for an image on every row.`,
        blankRows.map((s) => s.id),
      ),
    );
  }

  // The names the archive will give (as the builder does: numbered in order, unique per folder).
  const names = new UniqueNames();
  const owners = new Map<string, Set<string>>();
  const unsafe: string[] = [];
  let sequence = 0;
  for (const s of withImages) {
    for (const image of s.images) {
      sequence++;
      const folder = imageFolder(layout, s);
      const name = names.claim(folder, imageBaseName(format, options, s, image, sequence), layout.extension);
      owners.set(name.toLowerCase(), (owners.get(name.toLowerCase()) ?? new Set()).add(s.id));
      const folders = [layout.root, ...imageFolderFromData(layout, s).split('/')].filter(Boolean);
      if (!SAFE_FILE_NAME.test(name) || folders.some((f) => f !== '..' && !SAFE_FOLDER.test(f))) {
        unsafe.push(s.id);
      }
    }
  }
  const shared = [...owners.values()].filter((o) => o.size > 1).flatMap((o) => [...o]);
  if (shared.length > 0) {
    issues.push(
      issue(
        'pspa_name_not_unique',
        `${subjects(new Set(shared).size)} would get an image file name another subject's image has in another folder; PSPA asks for names unique across the package.`,
        shared,
      ),
    );
  }
  if (unsafe.length > 0) {
    issues.push(
      issue(
        'pspa_unsafe_name',
        `${subjects(new Set(unsafe).size)} would get an image or folder name with characters PSPA names can't hold (only letters A-Z, digits, "_" and "-").`,
        unsafe,
      ),
    );
  }

  if (format.include_images) {
    const { images_crop_width_pixels: width, images_crop_height_pixels: height } = format;
    const jpeg = format.images_content_type === 'image/jpeg';
    if (!jpeg || Math.abs(width / height - PSPA_ASPECT) > ASPECT_TOLERANCE || width < PSPA_WIDTH) {
      const kind = format.images_content_type.replace('image/', '').toUpperCase();
      issues.push(
        issue(
          'pspa_image_size',
          `This format makes ${kind} images of ${width} × ${height} pixels; PSPA asks for JPEG images of ${PSPA_WIDTH} × ${PSPA_HEIGHT} pixels (4:5) or larger, one size across the package.`,
          [],
        ),
      );
    }
    const aspect = width / height;
    const otherShape = withImages.filter((s) =>
      s.images.some(
        (image) =>
          image.crop && Math.abs(image.crop.width / image.crop.height / aspect - 1) > ASPECT_TOLERANCE,
      ),
    );
    if (otherShape.length > 0) {
      issues.push(
        issue(
          'pspa_aspect',
          `${subjects(otherShape.length)} ${has(otherShape.length)} a crop of another shape than the package's ${width} × ${height}; it will be cut to fit.`,
          otherShape.map((s) => s.id),
        ),
      );
    }
  }

  // Staff apart from students, when the project has a field that says who is staff.
  const staffFields = STAFF_FIELDS.filter((key) => options.fields.some((f) => f.field_key === key));
  if (staffFields.length > 0) {
    const unmarked = exported.filter(
      (s) =>
        staffFields.some((key) => (s.values[key] ?? '').trim() !== '') &&
        !STAFF_GRADE.test((s.values.grade ?? '').trim()),
    );
    if (unmarked.length > 0) {
      issues.push(
        issue(
          'pspa_staff_unmarked',
          `${subjects(unmarked.length)} ${has(unmarked.length)} a Title or Department (staff) but no staff Grade such as Staff or Faculty; yearbook importers would place them with the students.`,
          unmarked.map((s) => s.id),
        ),
      );
    }
  }
  return issues;
}
