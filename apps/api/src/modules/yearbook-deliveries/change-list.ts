import type { FastifyRequest } from 'fastify';
import PDFDocument from 'pdfkit';
import type { Db } from '../../db/database.js';
import { fontRuns, needsCjk, registerFonts } from '../layouts/fonts.js';
import { neutraliseFormula } from '../project-exports/archive/data.js';
import { changeListOf, recordDownload } from './deliver.js';
import type { DeliveryRow } from './queries.js';
import type { DeliveryChange } from './serialize.js';

const ACTIONS: Record<DeliveryChange['kind'], string> = {
  added: 'Add',
  replaced: 'Replace portrait',
  corrected: 'Correct',
  removed: 'Remove',
};

const details = (c: DeliveryChange) =>
  c.kind === 'removed'
    ? c.reason === 'yearbook_opt_out'
      ? 'Left out of the yearbook at the family’s request'
      : 'No longer on the roster'
    : c.fields.map((f) => `${f.field}: “${f.from}” → “${f.to}”`).join('; ');

const fileBase = (row: DeliveryRow) => `Yearbook delivery ${row.number} changes`;

/**
 * The change list as CSV: one line per change, in plain words an adviser works through by hand. Cells a
 * spreadsheet would read as a formula are neutralised (SECURITY.md).
 */
export async function changeListCsv(db: Db, request: FastifyRequest, row: DeliveryRow) {
  const changes = await changeListOf(db, row.id);
  const { stringify } = await import('csv-stringify/sync');
  const csv = stringify(
    [
      ['Action', 'Name', 'Grade', 'Teacher', 'Details', 'Image File', 'In Words'],
      ...changes.map((c) => [
        ACTIONS[c.kind],
        c.name,
        c.grade,
        c.teacher,
        details(c),
        c.image_file_name ?? '',
        c.text,
      ]),
    ].map((cells) => cells.map(neutraliseFormula)),
    { record_delimiter: '\r\n' },
  );
  await recordDownload(db, request, row, 'change_list_csv');
  return { csv: `\uFEFF${csv}`, fileName: `${fileBase(row)}.csv` };
}

/** The change list as a PDF (A4/Letter-neutral margins): a heading with the counts, then one line per change. */
export async function changeListPdf(db: Db, request: FastifyRequest, row: DeliveryRow) {
  const changes = await changeListOf(db, row.id);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 50,
    compress: true,
    info: { Title: fileBase(row), Creator: 'School Portal' },
  });
  registerFonts(doc, needsCjk(changes.map((c) => c.text)));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc
    .font('bold')
    .fontSize(16)
    .text(`Yearbook delivery ${row.number}: ${row.kind === 'full' ? 'full' : 'changes'}`);
  doc.moveDown(0.3);
  const counts = row.counts as Record<string, number>;
  doc
    .font('normal')
    .fontSize(10)
    .text(
      `${row.format_name}. Made ${row.created_at.toISOString().slice(0, 10)}. ` +
        `${counts.subjects ?? 0} in MASTER.TXT; added ${counts.added ?? 0}, portraits replaced ${counts.replaced ?? 0}, corrected ${counts.corrected ?? 0}, to remove ${counts.removed ?? 0}.`,
    );
  doc.moveDown();
  if (changes.length === 0) doc.text('Nothing changed since the delivery before.');
  for (const [i, c] of changes.entries()) {
    // Each run in the font that has its glyphs (a name in Chinese, say), one paragraph.
    const runs = fontRuns(`${i + 1}. ${c.text}`, 'normal');
    doc.fontSize(10);
    for (const [n, run] of runs.entries()) {
      doc.font(run.font).text(run.text, { continued: n < runs.length - 1, paragraphGap: 4 });
    }
    if (c.image_file_name && c.kind !== 'corrected') {
      doc.fontSize(8).fillColor('#555555').text(`   Image file: ${c.image_file_name}`).fillColor('#000000');
    }
  }
  doc.end();
  await ended;
  await recordDownload(db, request, row, 'change_list_pdf');
  return { pdf: Buffer.concat(chunks), fileName: `${fileBase(row)}.pdf` };
}
