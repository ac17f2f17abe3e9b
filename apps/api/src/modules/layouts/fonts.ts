import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Measure } from '@school-portal/domain';
import PDFDocument from 'pdfkit';

/**
 * The fonts shipped with the project (npm packages, not the system's): DejaVu Sans for Latin, Greek and
 * Cyrillic, Noto Sans SC for CJK. Text is split into runs by script, each run drawn in the font that
 * has its glyphs.
 */
const require = createRequire(import.meta.url);
export const FONT_FILES = {
  normal: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  cjk: require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
} as const;

const CJK =
  /[\u1100-\u11ff\u2e80-\u9fff\ua960-\ua97f\uac00-\ud7af\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]|[\u{20000}-\u{3134f}]/u;

export type FontName = 'normal' | 'bold' | 'cjk';

/** The text as runs of one font each. */
export function fontRuns(text: string, weight: 'normal' | 'bold'): { font: FontName; text: string }[] {
  const runs: { font: FontName; text: string }[] = [];
  for (const ch of text) {
    const font: FontName = CJK.test(ch) ? 'cjk' : weight;
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += ch;
    else runs.push({ font, text: ch });
  }
  return runs;
}

/** The font files' bytes, read once: each document parses its own fonts, none reads the disk again. */
const fontBytes = new Map<FontName, Buffer>();
const bytesOf = (name: FontName) => {
  let bytes = fontBytes.get(name);
  if (!bytes) {
    bytes = readFileSync(FONT_FILES[name]);
    fontBytes.set(name, bytes);
  }
  return bytes;
};

export function registerFonts(doc: PDFKit.PDFDocument, withCjk: boolean) {
  doc.registerFont('normal', bytesOf('normal'));
  doc.registerFont('bold', bytesOf('bold'));
  if (withCjk) doc.registerFont('cjk', bytesOf('cjk'));
}

export const needsCjk = (texts: Iterable<string>) => {
  for (const t of texts) if (CJK.test(t)) return true;
  return false;
};

/** Widths from the real fonts, through a document that is never written. */
export function pdfMeasure(doc: PDFKit.PDFDocument): Measure {
  return (text, size, weight) => {
    let width = 0;
    for (const run of fontRuns(text, weight)) {
      doc.font(run.font === 'cjk' && !hasCjk(doc) ? weight : run.font).fontSize(size);
      width += doc.widthOfString(run.text);
    }
    return width;
  };
}

const hasCjk = (doc: PDFKit.PDFDocument) =>
  // biome-ignore lint/suspicious/noExplicitAny: pdfkit keeps registered fonts in a private map
  !!(doc as any)._registeredFonts?.cjk;

/**
 * A measure for one layout (a render or a preview), through a document of its own that is never
 * written: pdfkit caches the shaping of every word it measures, so a document shared by every render
 * grew with every name printed. The CJK font (10 MB) is parsed only when a text needs it.
 */
export function createMeasure(): Measure {
  const doc = new PDFDocument({ autoFirstPage: false });
  registerFonts(doc, false);
  const measure = pdfMeasure(doc);
  return (text, size, weight) => {
    if (!hasCjk(doc) && CJK.test(text)) doc.registerFont('cjk', bytesOf('cjk'));
    return measure(text, size, weight);
  };
}
