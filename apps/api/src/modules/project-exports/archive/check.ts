import { type DataEncoding, ENCODING_LABELS, exportFieldKeyLabel } from '@school-portal/domain';
import { exportCutRect, orientedSize } from '../../../images/export.js';
import { dataColumns, fitEncoding, NARROW_ENCODINGS, rowCells, unmatchedCustomLabels } from './data.js';
import {
  archiveLayout,
  hasForbiddenCharacters,
  imageBaseName,
  imageFolder,
  imageNameKeys,
  inIndex,
  namePart,
} from './layout.js';
import { pspaIssues } from './pspa-check.js';
import { sisIdKeys, sisIssues } from './sis-checks.js';
import type {
  ExportCheckIssue,
  ExportCheckIssueCode,
  ExportCheckReport,
  ExportFormatRow,
  ExportRunOptions,
  ExportSubject,
  ExportValueChange,
} from './types.js';

const MAX_LISTED = 100;

const subjects = (n: number) => (n === 1 ? '1 subject' : `${n.toLocaleString('en-US')} subjects`);
const has = (n: number) => (n === 1 ? 'has' : 'have');

function issue(
  code: ExportCheckIssueCode,
  message: string,
  fieldKey: string | null,
  ids: Iterable<string>,
): ExportCheckIssue {
  const all = [...new Set(ids)];
  return { code, message, field_key: fieldKey, count: all.length, subject_ids: all.slice(0, MAX_LISTED) };
}

/**
 * What would go wrong in this export (the pre-export check, exports-contract.md), with counts and the
 * subjects concerned. Pure: no I/O. The user may go on anyway; the report is kept with the export.
 */
export function checkExport(
  format: ExportFormatRow,
  list: ExportSubject[],
  options: ExportRunOptions,
): ExportCheckReport {
  const issues: ExportCheckIssue[] = [];
  const layout = archiveLayout(format, options);
  const label = (key: string) => exportFieldKeyLabel(key);
  // Subjects the archive will hold: without an image only when the run includes those.
  const exported = list.filter((s) => s.images.length > 0 || options.includeSubjectsWithoutImages);
  const withImages = format.include_images ? exported.filter((s) => s.images.length > 0) : [];

  if (format.include_images) {
    const missing = list.filter((s) => s.images.length === 0);
    if (missing.length > 0) {
      const tail = options.includeSubjectsWithoutImages ? '' : ' They will be left out.';
      issues.push(
        issue(
          'missing_image',
          `${subjects(missing.length)} ${has(missing.length)} no image.${tail}`,
          null,
          ids(missing),
        ),
      );
    }
  }

  // Fields that name files (images only) or match records (the SIS formats' Student ID).
  const nameKeys = format.include_images && !options.usePhotoCropName ? imageNameKeys(format) : [];
  const matchKeys = sisIdKeys(format);
  const keyed = [...new Set([...matchKeys, ...nameKeys])];
  for (const key of keyed) {
    const concerned = matchKeys.includes(key) ? exported : withImages;
    const blank = concerned.filter((s) => !(s.values[key] ?? '').trim());
    if (blank.length > 0) {
      issues.push(
        issue(
          'missing_value',
          `${subjects(blank.length)} ${has(blank.length)} no ${label(key)}.`,
          key,
          ids(blank),
        ),
      );
    }
  }
  for (const key of matchKeys) {
    const byValue = new Map<string, string[]>();
    for (const s of exported) {
      const value = (s.values[key] ?? '').trim().toLowerCase();
      if (value) byValue.set(value, [...(byValue.get(value) ?? []), s.id]);
    }
    const dupes = [...byValue.values()].filter((group) => group.length > 1).flat();
    if (dupes.length > 0) {
      issues.push(
        issue(
          'duplicate_value',
          `${subjects(dupes.length)} share a ${label(key)} with another subject.`,
          key,
          dupes,
        ),
      );
    }
  }
  for (const key of nameKeys) {
    const odd = withImages.filter((s) => hasForbiddenCharacters(s.values[key]));
    if (odd.length > 0) {
      const changes = odd.map((s) => {
        const from = (s.values[key] ?? '').trim();
        return { subject_id: s.id, field: label(key), from, to: namePart(from) };
      });
      issues.push({
        ...issue(
          'forbidden_characters',
          `${subjects(odd.length)} ${has(odd.length)} characters in ${label(key)} that file names can't hold: letters become the nearest plain letters (Ł as L), spaces become "_", and other characters are left out.`,
          key,
          ids(odd),
        ),
        changes: changes.slice(0, MAX_LISTED),
      });
    }
  }

  // Names two subjects would both get (the second is renamed with "-2").
  if (withImages.length > 0 && !format.images_name_append_sequential_number) {
    const owners = new Map<string, Set<string>>();
    for (const s of withImages) {
      for (const image of s.images) {
        const name = `${imageFolder(layout, s)}/${imageBaseName(format, options, s, image, 0)}`.toLowerCase();
        owners.set(name, (owners.get(name) ?? new Set()).add(s.id));
      }
    }
    const colliding = [...owners.values()].filter((o) => o.size > 1).flatMap((o) => [...o]);
    if (colliding.length > 0) {
      issues.push(
        issue(
          'name_collision',
          `${subjects(new Set(colliding).size)} would get the same image file name as another subject; a number will be added.`,
          null,
          colliding,
        ),
      );
    }
  }

  // Numeric IDs of mixed lengths with no zero padding: leading zeros may be (or have been) lost.
  const idKeys = new Set(keyed);
  if (format.field_mappings.some((m) => m.field_key === 'student_id')) idKeys.add('student_id');
  for (const key of idKeys) {
    const padded =
      (format.data_zero_pad_field_key === key && (format.data_zero_pad_field_length ?? 0) > 0) ||
      (nameKeys.includes(key) &&
        format.images_name_zero_pad_enabled &&
        format.images_name_zero_pad_length > 0);
    const values = exported
      .map((s) => ({ id: s.id, value: (s.values[key] ?? '').trim() }))
      .filter((v) => v.value);
    if (padded || values.length < 2 || !values.every((v) => /^\d+$/.test(v.value))) continue;
    const longest = Math.max(...values.map((v) => v.value.length));
    const shorter = values.filter((v) => v.value.length < longest);
    if (shorter.length > 0) {
      issues.push(
        issue(
          'leading_zeros',
          `${subjects(shorter.length)} ${has(shorter.length)} a ${label(key)} shorter than ${longest} digits and no zero padding is set; leading zeros may be lost.`,
          key,
          shorter.map((v) => v.id),
        ),
      );
    }
  }

  if (withImages.length > 0) {
    const output = { width: format.images_crop_width_pixels, height: format.images_crop_height_pixels };
    const upscaled: string[] = [];
    const uncropped: string[] = [];
    const autoCropped: string[] = [];
    for (const s of withImages) {
      for (const image of s.images) {
        if (!image.crop) uncropped.push(s.id);
        if (image.cropSource === 'auto') autoCropped.push(s.id);
        const upright = orientedSize(image.width, image.height, image.orientation);
        if (exportCutRect(upright, image.crop, output).width < output.width - 0.5) upscaled.push(s.id);
      }
    }
    const size = `${output.width} × ${output.height} pixels`;
    const cropIssues: [ExportCheckIssueCode, string[], (n: number) => string][] = [
      [
        'upscaled',
        upscaled,
        (n) => `${subjects(n)} ${has(n)} a crop smaller than ${size}; the image will be enlarged.`,
      ],
      ['no_crop', uncropped, (n) => `${subjects(n)} ${has(n)} no crop; a centred crop will be used.`],
      [
        'auto_cropped',
        autoCropped,
        (n) => `${subjects(n)} ${n === 1 ? 'is' : 'are'} auto-cropped by the project's head-size rule.`,
      ],
    ];
    for (const [code, concerned, message] of cropIssues) {
      const count = new Set(concerned).size;
      if (count > 0) issues.push(issue(code, message(count), null, concerned));
    }
  }

  if (format.include_data) issues.push(...dataIssues(format, exported, options));
  // The school systems' formats (sis-checks.ts) and the PSPA package (pspa-check.ts).
  issues.push(...sisIssues(format, exported), ...pspaIssues(format, exported, options));

  return { subjects_count: list.length, issues };
}

/**
 * The data file's issues: mapped custom fields the project lacks, subjects left out of the index for having
 * no image (listed in MASTER only, when there is one), and subjects whose values the data encoding can't hold (transliterated).
 */
function dataIssues(
  format: ExportFormatRow,
  exported: ExportSubject[],
  options: ExportRunOptions,
): ExportCheckIssue[] {
  const issues: ExportCheckIssue[] = [];
  const layout = archiveLayout(format, options);
  for (const label of unmatchedCustomLabels(format, options.fields)) {
    issues.push(
      issue('missing_field', `The project has no field "${label}"; its column will be empty.`, null, []),
    );
  }
  if (layout.indexNeedsImage) {
    const outOfIndex = exported.filter((s) => !inIndex(layout, s.images.length > 0));
    if (outOfIndex.length > 0) {
      const master = layout.masterFileName
        ? `; ${layout.masterFileName} lists ${outOfIndex.length === 1 ? 'it' : 'them'}`
        : '';
      issues.push(
        issue(
          'left_out_of_index',
          `${subjects(outOfIndex.length)} ${has(outOfIndex.length)} no image and will be left out of ${layout.dataFileName}${master}.`,
          null,
          ids(outOfIndex),
        ),
      );
    }
  }
  if (NARROW_ENCODINGS.has(format.data_encoding)) {
    const columns = dataColumns(format, options.fields);
    const blank = { image_file_name: '', image_folder: '', volume: '', image_size: '' };
    const changes: ExportValueChange[] = [];
    for (const s of exported) {
      rowCells(format, columns, s, blank).forEach((cell, i) => {
        const to = fitEncoding(cell, format.data_encoding);
        if (to !== cell.normalize('NFC')) {
          changes.push({ subject_id: s.id, field: columns[i]?.label ?? '', from: cell, to });
        }
      });
    }
    if (changes.length > 0) {
      const encoding = ENCODING_LABELS[format.data_encoding as DataEncoding];
      const count = new Set(changes.map((c) => c.subject_id)).size;
      issues.push({
        ...issue(
          'transliterated',
          `${subjects(count)} ${has(count)} characters that ${encoding} can't hold; ${layout.dataFileName} will have the nearest plain letters instead (Ł as L).`,
          null,
          changes.map((c) => c.subject_id),
        ),
        changes: changes.slice(0, MAX_LISTED),
      });
    }
  }
  return issues;
}

const ids = (list: ExportSubject[]) => list.map((s) => s.id);

/** The report as kept with the export: without the values it quotes (the check's caller saw them). */
export const storedReport = (report: ExportCheckReport): ExportCheckReport => ({
  ...report,
  issues: report.issues.map(({ changes: _, ...rest }) => rest),
});
