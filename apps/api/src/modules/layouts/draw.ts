import { createWriteStream } from 'node:fs';
import { finished } from 'node:stream/promises';
import {
  type BarcodeSymbology,
  cutMarks,
  fitText,
  type LayoutPage,
  type Measure,
  type PlacedBarcode,
  type PlacedPhoto,
  type PlacedText,
} from '@school-portal/domain';
import bwipjs from 'bwip-js/node';
import pLimit, { type LimitFunction } from 'p-limit';
import PDFDocument from 'pdfkit';
import { pixelsFor, rasteriseSvg } from '../../images/print.js';
import { fontRuns, needsCjk, pdfMeasure, registerFonts } from './fonts.js';

/** Gives a photo's print JPEG for a box size (points) at a resolution, or null when it has none. */
export type PhotoSource = (box: PlacedPhoto, dpi: number) => Promise<Buffer | null>;

const LINE = 1.16;
const PHOTO_CONCURRENCY = 2;
/** Cut marks' line width in points: a hairline a trimmer's blade can follow. */
const CUT_MARK_WIDTH = 0.5;

/**
 * A barcode as a PNG (bars or modules only), or null when the value can't be encoded (blank, non-ASCII).
 */
export async function barcodePng(
  value: string,
  symbology: BarcodeSymbology = 'code128',
): Promise<Buffer | null> {
  if (!value || !/^[\x20-\x7e]{1,80}$/.test(value)) return null;
  try {
    return await bwipjs.toBuffer(
      symbology === 'qrcode'
        ? { bcid: 'qrcode', text: value, scale: 8 }
        : { bcid: 'code128', text: value, scale: 3, height: 12, includetext: false },
    );
  } catch {
    return null;
  }
}

const barcodeKey = (b: PlacedBarcode) => `${b.symbology}:${b.value}`;

const photoKey = (b: PlacedPhoto) => `${b.photo_id}:${b.width}x${b.height}`;

/**
 * Prepares a page's photos (each distinct one once) through `limit`: one limit for a whole document, so
 * the next page's photos wait for the current page's (at most two photos in sharp at once).
 */
function preparePage(
  page: LayoutPage,
  photos: PhotoSource,
  dpi: number,
  limit: LimitFunction = pLimit(PHOTO_CONCURRENCY),
) {
  const byKey = new Map<string, Promise<Buffer | null>>();
  for (const box of page.boxes) {
    if (box.kind !== 'photo' || !box.photo_id) continue;
    const key = photoKey(box);
    if (!byKey.has(key))
      byKey.set(
        key,
        limit(() => photos(box, dpi)),
      );
  }
  return byKey;
}

function pdfText(doc: PDFKit.PDFDocument, box: PlacedText, measure: Measure) {
  const total = measure(box.text, box.size, box.weight);
  let x =
    box.align === 'center'
      ? box.x + (box.width - total) / 2
      : box.align === 'right'
        ? box.x + box.width - total
        : box.x;
  const y = box.y + (box.height - box.size * LINE) / 2;
  for (const run of fontRuns(box.text, box.weight)) {
    doc.font(run.font).fontSize(box.size).fillColor('#000000');
    doc.text(run.text, x, y, { lineBreak: false });
    x += doc.widthOfString(run.text);
  }
}

const PLACEHOLDER = { fill: '#f2f2f2', stroke: '#9e9e9e', note: 'No photo' } as const;

/**
 * A subject without a photo: a light box with a thin border, and, when the box is large enough to read
 * it, "No photo" and the subject's name inside (a blank grey box was taken for a printing fault).
 */
function placeholderLabel(box: PlacedPhoto, measure: Measure) {
  if (box.width < 40 || box.height < 40 || !box.label) return null;
  const width = box.width * 0.84;
  const nameSize = Math.min(box.width / 7, 28);
  const name = fitText(box.label, width, nameSize, Math.min(6, nameSize), 'bold', measure);
  const note = fitText(PLACEHOLDER.note, width, nameSize * 0.7, 5, 'normal', measure);
  return { name, note, x: box.x + (box.width - width) / 2, width, mid: box.y + box.height / 2 };
}

function placeholder(doc: PDFKit.PDFDocument, box: PlacedPhoto, measure: Measure) {
  doc
    .save()
    .rect(box.x, box.y, box.width, box.height)
    .lineWidth(0.75)
    .fillAndStroke(PLACEHOLDER.fill, PLACEHOLDER.stroke)
    .restore();
  const label = placeholderLabel(box, measure);
  if (!label) return;
  const line = (text: { text: string; size: number }, y: number, weight: 'normal' | 'bold') =>
    pdfText(
      doc,
      {
        kind: 'text',
        x: label.x,
        y,
        width: label.width,
        height: text.size * LINE,
        ...text,
        weight,
        align: 'center',
      },
      measure,
    );
  line(label.note, label.mid - label.note.size * LINE - 2, 'normal');
  line(label.name, label.mid, 'bold');
}

/**
 * Writes the pages to a PDF file, streaming: pdfkit flushes each page's objects as it goes, each photo is
 * embedded as a prepared JPEG (repeated ones once per page), and the next page's photos are prepared
 * while the current one is drawn.
 */
export async function writePdf(
  pages: LayoutPage[],
  photos: PhotoSource,
  filePath: string,
  { title, dpi = 300 }: { title: string; dpi?: number },
): Promise<{ pages: number }> {
  const texts = pages.flatMap((p) =>
    p.boxes.filter((b): b is PlacedText => b.kind === 'text').map((b) => b.text),
  );
  const doc = new PDFDocument({
    autoFirstPage: false,
    compress: true,
    // The document's title is what a PDF viewer shows in its window and tab: the render's name.
    info: { Title: title, Creator: 'School Portal' },
  });
  registerFonts(doc, needsCjk(texts));
  const measure = pdfMeasure(doc);
  const out = createWriteStream(filePath);
  doc.pipe(out);
  const barcodes = new Map<string, Promise<Buffer | null>>();
  try {
    const limit = pLimit(PHOTO_CONCURRENCY);
    let next = pages.length ? preparePage(pages[0]!, photos, dpi, limit) : null;
    for (let i = 0; i < pages.length; i++) {
      const page = pages[i]!;
      const prepared = next!;
      next = i + 1 < pages.length ? preparePage(pages[i + 1]!, photos, dpi, limit) : null;
      doc.addPage({ size: [page.width, page.height], margin: 0 });
      const images = new Map<string, unknown>();
      for (const box of page.boxes) {
        if (box.kind === 'photo') {
          const key = photoKey(box);
          if (!images.has(key)) {
            const bytes = box.photo_id ? await prepared.get(key)! : null;
            // One image object per photo and page: repeated units embed it once.
            images.set(
              key,
              bytes ? (doc as unknown as { openImage(b: Buffer): unknown }).openImage(bytes) : null,
            );
          }
          const image = images.get(key);
          if (image) doc.image(image as Buffer, box.x, box.y, { width: box.width, height: box.height });
          else placeholder(doc, box, measure);
        } else if (box.kind === 'text') {
          if (box.text) pdfText(doc, box, measure);
        } else {
          const key = barcodeKey(box);
          if (!barcodes.has(key)) barcodes.set(key, barcodePng(box.value, box.symbology));
          const png = await barcodes.get(key)!;
          if (png)
            doc.image(png, box.x, box.y, { fit: [box.width, box.height], align: 'center', valign: 'center' });
        }
      }
      const marks = cutMarks(page);
      if (marks.length) {
        doc.save().lineWidth(CUT_MARK_WIDTH).strokeColor('#000000');
        for (const [x1, y1, x2, y2] of marks) doc.moveTo(x1, y1).lineTo(x2, y2);
        doc.stroke().restore();
      }
    }
    doc.end();
    await finished(out);
  } catch (error) {
    out.destroy();
    throw error;
  }
  return { pages: pages.length };
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

const svgText = (text: string, x: number, y: number, size: number, weight: string, anchor: string) =>
  `<text x="${x}" y="${y}" font-family="DejaVu Sans, Noto Sans CJK SC, sans-serif" font-size="${size}" font-weight="${weight}" text-anchor="${anchor}">${escapeXml(text)}</text>`;

/** The first page as the PDF draws it, scaled into 640x480 on grey, as a PNG. */
export async function previewPng(
  page: LayoutPage | undefined,
  photos: PhotoSource,
  measure: Measure,
): Promise<Buffer> {
  const W = 640;
  const H = 480;
  const parts: string[] = [];
  if (page) {
    const scale = Math.min((W - 20) / page.width, (H - 20) / page.height);
    const ox = (W - page.width * scale) / 2;
    const oy = (H - page.height * scale) / 2;
    const dpi = Math.min(300, 72 * scale * 2);
    parts.push(`<g transform="translate(${ox.toFixed(2)} ${oy.toFixed(2)}) scale(${scale.toFixed(5)})">`);
    parts.push(`<rect width="${page.width}" height="${page.height}" fill="#ffffff"/>`);
    const prepared = preparePage(page, photos, dpi);
    for (const box of page.boxes) {
      const rect = `x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}"`;
      if (box.kind === 'photo') {
        const bytes = box.photo_id ? await prepared.get(photoKey(box))! : null;
        if (bytes) {
          parts.push(
            `<image ${rect} preserveAspectRatio="none" href="data:image/jpeg;base64,${bytes.toString('base64')}"/>`,
          );
          continue;
        }
        parts.push(
          `<rect ${rect} fill="${PLACEHOLDER.fill}" stroke="${PLACEHOLDER.stroke}" stroke-width="0.75"/>`,
        );
        const label = placeholderLabel(box, measure);
        if (label)
          parts.push(
            svgText(
              label.note.text,
              label.x + label.width / 2,
              label.mid - 2 - label.note.size * 0.3,
              label.note.size,
              'normal',
              'middle',
            ),
            svgText(
              label.name.text,
              label.x + label.width / 2,
              label.mid + label.name.size * 0.9,
              label.name.size,
              'bold',
              'middle',
            ),
          );
      } else if (box.kind === 'text') {
        if (!box.text) continue;
        const anchor = box.align === 'center' ? 'middle' : box.align === 'right' ? 'end' : 'start';
        const x =
          box.align === 'center' ? box.x + box.width / 2 : box.align === 'right' ? box.x + box.width : box.x;
        parts.push(
          svgText(box.text, x, box.y + box.height / 2 + box.size * 0.35, box.size, box.weight, anchor),
        );
      } else {
        const png = await barcodePng(box.value, box.symbology);
        if (png)
          parts.push(
            `<image ${rect} preserveAspectRatio="xMidYMid meet" href="data:image/png;base64,${png.toString('base64')}"/>`,
          );
      }
    }
    for (const [x1, y1, x2, y2] of cutMarks(page))
      parts.push(
        `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#000000" stroke-width="${CUT_MARK_WIDTH}"/>`,
      );
    parts.push('</g>');
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><rect width="${W}" height="${H}" fill="#f2f2f2"/>${parts.join('')}</svg>`;
  return rasteriseSvg(svg);
}

export { pixelsFor };
