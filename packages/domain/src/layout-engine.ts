import { compareGrades } from './grades.js';
import type { BarcodeSymbology, HeadingLine, LayoutBox, LayoutDefinition, LayoutType } from './layouts.js';

/**
 * The layout engine: definition + subjects + group_by + sort_by -> pages of positioned boxes. Pure: the
 * PDF writer and the PNG preview both draw its output, so the preview shows what prints. Text is fitted
 * with the caller's `measure` (the PDF font's real widths on the server).
 */
export interface LayoutSubject {
  id: string;
  /** Values by field name ("First Name", "Teacher", ...), plus derived ones ("School"). */
  values: Record<string, string>;
  photos: { primary: string | null; latest: string | null };
}

export type Measure = (text: string, size: number, weight: 'normal' | 'bold') => number;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface PlacedPhoto extends Rect {
  kind: 'photo';
  subject_id: string;
  photo_id: string | null;
  orientation: 'portrait' | 'landscape';
  /** The subject's name, printed on the placeholder when the photo is missing. */
  label: string;
}
export interface PlacedText extends Rect {
  kind: 'text';
  text: string;
  size: number;
  weight: 'normal' | 'bold';
  align: 'left' | 'center' | 'right';
}
export interface PlacedBarcode extends Rect {
  kind: 'barcode';
  value: string;
  symbology: BarcodeSymbology;
}
export type PlacedBox = PlacedPhoto | PlacedText | PlacedBarcode;
export interface LayoutPage {
  width: number;
  height: number;
  boxes: PlacedBox[];
  /** The units to cut out, for a layout with `cut_marks`: the drawers mark their corners (`cutMarks`). */
  cuts?: Rect[];
}

/** How far a cut mark starts from the unit's corner, and how long it is at most (points). */
export const CUT_MARK = { offset: 2, length: 9 };

/**
 * The cut marks of a page's units: at each corner of each unit, a short line in line with each of the
 * two edges that meet there, outside the unit (so they never print on a card), as line segments
 * [x1, y1, x2, y2] in points. Each is shortened to half the gap to the next unit's edge in its way (two
 * units side by side share their marks' room) and to the page's edge.
 */
export function cutMarks(page: LayoutPage): [number, number, number, number][] {
  const cuts = page.cuts ?? [];
  const segments: [number, number, number, number][] = [];
  // Room outside a unit's edge, in one direction: up to the nearest unit across it, halved, or the page's edge.
  const room = (from: number, direction: -1 | 1, axis: 'x' | 'y', span: [number, number]) => {
    let free = direction < 0 ? from : (axis === 'x' ? page.width : page.height) - from;
    for (const c of cuts) {
      const [start, end] = axis === 'x' ? [c.x, c.x + c.width] : [c.y, c.y + c.height];
      const [lo, hi] = axis === 'x' ? [c.y, c.y + c.height] : [c.x, c.x + c.width];
      if (hi < span[0] || lo > span[1]) continue;
      const gap = direction < 0 ? from - end : start - from;
      if (gap >= 0) free = Math.min(free, gap / 2);
    }
    return Math.min(CUT_MARK.length, free - CUT_MARK.offset);
  };
  for (const c of cuts) {
    const xs = [c.x, c.x + c.width] as const;
    const ys = [c.y, c.y + c.height] as const;
    for (const [i, x] of xs.entries()) {
      const out = i === 0 ? -1 : 1;
      for (const y of ys) {
        // Horizontal mark in line with the horizontal edge at y, reaching out sideways.
        const lx = room(x, out, 'x', [y, y]);
        if (lx > 0) segments.push([x + out * CUT_MARK.offset, y, x + out * (CUT_MARK.offset + lx), y]);
      }
    }
    for (const [j, y] of ys.entries()) {
      const out = j === 0 ? -1 : 1;
      for (const x of xs) {
        // Vertical mark in line with the vertical edge at x, reaching out up or down.
        const ly = room(y, out, 'y', [x, x]);
        if (ly > 0) segments.push([x, y + out * CUT_MARK.offset, x, y + out * (CUT_MARK.offset + ly)]);
      }
    }
  }
  return segments;
}

export interface LayoutOptions {
  group_by?: readonly string[];
  sort_by?: readonly string[];
  measure?: Measure;
}

/** A rough measure for browsers and tests: wide for CJK, about half the size otherwise. */
export const approximateMeasure: Measure = (text, size, weight) => {
  let em = 0;
  for (const ch of text)
    em += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\uff00-\uffef]/u.test(ch) ? 1 : 0.55;
  return em * size * (weight === 'bold' ? 1.06 : 1);
};

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const isGrade = (field: string) => /^grade$/i.test(field.trim());

/** Compares two subjects on one field: blanks last, grades by grade order (spec §5), else by collation. */
export function compareOnField(field: string, a: LayoutSubject, b: LayoutSubject): number {
  const x = (a.values[field] ?? '').trim();
  const y = (b.values[field] ?? '').trim();
  if (isGrade(field)) return compareGrades(x, y);
  if (!x || !y) return x ? -1 : y ? 1 : 0;
  return collator.compare(x, y);
}

/** Subjects ordered by the group fields first, then the sort fields, then id (stable for equal names). */
export function sortSubjects(
  subjects: readonly LayoutSubject[],
  groupBy: readonly string[],
  sortBy: readonly string[],
) {
  const fields = [...groupBy, ...sortBy];
  return [...subjects].sort((a, b) => {
    for (const f of fields) {
      const c = compareOnField(f, a, b);
      if (c !== 0) return c;
    }
    return a.id.length - b.id.length || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  });
}

export interface SubjectGroup {
  title: string;
  subjects: LayoutSubject[];
}

/** Consecutive runs of equal group values, in sorted order; a blank value reads "No <field>". */
export function groupSubjects(
  subjects: readonly LayoutSubject[],
  groupBy: readonly string[],
  sortBy: readonly string[] = [],
): SubjectGroup[] {
  const sorted = sortSubjects(subjects, groupBy, sortBy);
  if (groupBy.length === 0) return sorted.length ? [{ title: '', subjects: sorted }] : [];
  const groups: SubjectGroup[] = [];
  let key: string | null = null;
  for (const s of sorted) {
    const parts = groupBy.map((f) => (s.values[f] ?? '').trim() || `No ${f}`);
    const k = JSON.stringify(parts.map((p) => p.toLowerCase()));
    if (k !== key) {
      groups.push({ title: parts.join(' / '), subjects: [] });
      key = k;
    }
    groups[groups.length - 1]!.subjects.push(s);
  }
  return groups;
}

/** `{First Name} {Last Name}` with the subject's values; unknown fields read blank; spaces collapsed. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template
    .replace(/\{([^{}]+)\}/g, (_, name: string) => (values[name.trim()] ?? '').trim())
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Fits one line of text into a width: shrinks by half points down to `minSize`, then cuts the text and
 * ends it with an ellipsis.
 */
export function fitText(
  text: string,
  width: number,
  size: number,
  minSize: number,
  weight: 'normal' | 'bold',
  measure: Measure,
): { text: string; size: number } {
  let s = size;
  while (s > minSize && measure(text, s, weight) > width) s = Math.max(minSize, s - 0.5);
  if (measure(text, s, weight) <= width) return { text, size: s };
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${chars.slice(0, mid).join('').trimEnd()}…`, s, weight) <= width) lo = mid;
    else hi = mid - 1;
  }
  return { text: lo > 0 ? `${chars.slice(0, lo).join('').trimEnd()}…` : '', size: s };
}

/** The name a subject is known by on paper: its display name, else first and last name. */
export const subjectLabel = (subject: LayoutSubject) =>
  subject.values['Display Name']?.trim() ||
  subject.values['Full Name']?.trim() ||
  fillTemplate('{First Name} {Last Name}', subject.values);

/** Whether a subject has a photo to print (the primary pose falls back to the latest). */
export const hasPhoto = (subject: LayoutSubject) => !!(subject.photos.primary ?? subject.photos.latest);

/** Whether a layout prints photos at all (a subject without one is then left out or a placeholder). */
export const printsPhotos = (def: LayoutDefinition) => def.unit.boxes.some((b) => b.kind === 'photo');

function placeUnit(
  boxes: readonly LayoutBox[],
  subject: LayoutSubject,
  ox: number,
  oy: number,
  measure: Measure,
  scale = 1,
): PlacedBox[] {
  return boxes.map((box): PlacedBox => {
    const rect = {
      x: ox + box.x * scale,
      y: oy + box.y * scale,
      width: box.width * scale,
      height: box.height * scale,
    };
    switch (box.kind) {
      case 'photo':
        return {
          kind: 'photo',
          ...rect,
          subject_id: subject.id,
          photo_id: box.pose === 'latest' ? subject.photos.latest : subject.photos.primary,
          orientation: box.orientation,
          label: subjectLabel(subject),
        };
      case 'text': {
        const size = box.size * scale;
        const fitted = fitText(
          fillTemplate(box.template, subject.values),
          rect.width,
          size,
          Math.min((box.min_size ?? box.size * 0.6) * scale, size),
          box.weight,
          measure,
        );
        return { kind: 'text', ...rect, ...fitted, weight: box.weight, align: box.align };
      }
      case 'static': {
        const size = box.size * scale;
        const fitted = fitText(box.text, rect.width, size, size * 0.6, box.weight, measure);
        return { kind: 'text', ...rect, ...fitted, weight: box.weight, align: box.align };
      }
      default:
        return {
          kind: 'barcode',
          ...rect,
          value: (subject.values[box.field] ?? '').trim(),
          symbology: box.symbology,
        };
    }
  });
}

/** The values every subject of a group shares (trimmed, non-blank), by field name. */
export function sharedValues(subjects: readonly LayoutSubject[]): Record<string, string> {
  const [first, ...rest] = subjects;
  if (!first) return {};
  const shared: Record<string, string> = {};
  for (const [name, raw] of Object.entries(first.values)) {
    const value = raw.trim();
    if (value && rest.every((s) => (s.values[name] ?? '').trim() === value)) shared[name] = value;
  }
  return shared;
}

/** A heading line's text: its parts whose fields all have values, filled and joined by " · ". */
export function headingText(
  line: Pick<HeadingLine, 'parts' | 'otherwise'>,
  values: Record<string, string>,
): string {
  const text = line.parts
    .filter((part) => [...part.matchAll(/\{([^{}]+)\}/g)].every((m) => (values[m[1]!.trim()] ?? '').trim()))
    .map((part) => fillTemplate(part, values))
    .filter(Boolean)
    .join(' · ');
  return text || (line.otherwise ? fillTemplate(line.otherwise, values) : '');
}

/**
 * Whether a heading line's parts describe a group made by these fields: a line with an `otherwise` (the
 * class line: "Grade {Grade}", "{Teacher}") stands for the group only when the group is by fields its parts
 * name. A sheet grouped by another field (a home room, a bus route) is headed by that field's values, not
 * by a class its subjects happen to share.
 */
export function lineDescribesGroup(
  line: Pick<HeadingLine, 'parts' | 'otherwise'>,
  groupBy: readonly string[],
) {
  if (!line.otherwise) return true;
  const named = new Set(
    line.parts.flatMap((part) => [...part.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!.trim())),
  );
  return groupBy.every((field) => named.has(field));
}

const MAX_FIT_SCALE = 2.5;

/**
 * The grid for a group of `count` units in an area: the columns and rows (within the layout's grid) that
 * let the unit grow most, at most MAX_FIT_SCALE times. A group larger than a page keeps the layout's grid.
 */
export function fitGrid(def: LayoutDefinition, count: number, width: number, height: number) {
  const fixed = { columns: def.grid.width, rows: def.grid.height, scale: 1 };
  if (def.grid.fit !== 'group' || count > def.grid.width * def.grid.height || count < 1) return fixed;
  let best = { columns: 1, rows: count, scale: 0 };
  for (let columns = 1; columns <= Math.min(def.grid.width, count); columns++) {
    const rows = Math.ceil(count / columns);
    if (rows > def.grid.height) continue;
    const scale = Math.min(
      width / (columns * def.unit.width),
      height / (rows * def.unit.height),
      MAX_FIT_SCALE,
    );
    if (scale > best.scale + 1e-9) best = { columns, rows, scale };
  }
  return best.scale > 0 ? best : fixed;
}

/** Where each grid cell's unit sits: cells share the page's inner area evenly, units centred in them. */
function cellOrigin(
  def: LayoutDefinition,
  col: number,
  row: number,
  top: number,
  innerH: number,
  rows: number,
) {
  const m = def.page.margins;
  const innerW = def.page.width - m.left - m.right;
  const cellW = innerW / def.grid.width;
  const cellH = innerH / rows;
  return {
    x: m.left + col * cellW + (cellW - def.unit.width) / 2,
    y: top + row * cellH + (cellH - def.unit.height) / 2,
  };
}

/** Lays out subjects on pages. Basic: one subject per unit; Sheet: groups with a title each. */
export function layoutPages(
  def: LayoutDefinition,
  type: LayoutType,
  subjects: readonly LayoutSubject[],
  options: LayoutOptions = {},
): LayoutPage[] {
  const measure = options.measure ?? approximateMeasure;
  const groupBy = options.group_by ?? [];
  const sortBy = options.sort_by ?? [];
  const m = def.page.margins;
  const innerW = def.page.width - m.left - m.right;
  const innerH = def.page.height - m.top - m.bottom;
  const perPage = def.grid.width * def.grid.height;
  const pages: LayoutPage[] = [];
  const newPage = () => {
    const page: LayoutPage = { width: def.page.width, height: def.page.height, boxes: [] };
    pages.push(page);
    return page;
  };
  const title = (text: string, y: number, height: number): PlacedText => {
    const size = Math.min(def.title.size, height * 0.8);
    return {
      kind: 'text',
      x: m.left,
      y,
      width: innerW,
      height,
      ...fitText(
        fillTemplate(def.title.template, { group: text }),
        innerW,
        size,
        size * 0.6,
        'bold',
        measure,
      ),
      weight: 'bold',
      align: 'center',
    };
  };

  if (type === 'Basic') {
    const ordered = sortSubjects(subjects, groupBy, sortBy);
    // A page's slots fill row by row.
    const placeInSlot = (page: LayoutPage, s: LayoutSubject, slot: number) => {
      const col = slot % def.grid.width;
      const o = cellOrigin(def, col, Math.floor(slot / def.grid.width), m.top, innerH, def.grid.height);
      page.boxes.push(...placeUnit(def.unit.boxes, s, o.x, o.y, measure));
      if (def.cut_marks) {
        page.cuts ??= [];
        page.cuts.push({ ...o, width: def.unit.width, height: def.unit.height });
      }
    };
    if (def.fill === 'same') {
      for (const s of ordered) {
        const page = newPage();
        for (let slot = 0; slot < perPage; slot++) placeInSlot(page, s, slot);
      }
      return pages;
    }
    ordered.forEach((s, i) => {
      const slot = i % perPage;
      placeInSlot(slot === 0 ? newPage() : pages[pages.length - 1]!, s, slot);
    });
    return pages;
  }

  const groups = groupSubjects(subjects, groupBy, sortBy);
  if (def.group_break === 'page') {
    // A heading band on top of every page of a group (marked "continued" after the first), the grid
    // below it, sized to the group when the layout fits its grid to groups.
    const lines: HeadingLine[] = def.title.lines ?? [
      { parts: [def.title.template], size: def.title.size, weight: 'bold' },
    ];
    const lead = lines.reduce((best, l, i) => (l.size > lines[best]!.size ? i : best), 0);
    const heading = (group: SubjectGroup, continued: boolean): PlacedText[] => {
      const values = { ...sharedValues(group.subjects), group: group.title };
      let y = m.top;
      const placed: PlacedText[] = [];
      lines.forEach((line, i) => {
        let text = lineDescribesGroup(line, groupBy)
          ? headingText(line, values)
          : fillTemplate(line.otherwise!, values);
        const height = line.size * 1.35;
        if (text && continued && i === lead) text = `${text} (continued)`;
        if (text)
          placed.push({
            kind: 'text',
            x: m.left,
            y,
            width: innerW,
            height,
            ...fitText(text, innerW, line.size, line.size * 0.6, line.weight, measure),
            weight: line.weight,
            align: 'center',
          });
        y += height;
      });
      return placed;
    };
    const bandHeight = lines.reduce((sum, l) => sum + l.size * 1.35, 0) + lines[lead]!.size * 0.6;
    for (const group of groups) {
      const hasHeading = heading(group, false).length > 0;
      const top = hasHeading ? m.top + bandHeight : m.top;
      const areaH = innerH - (top - m.top);
      const grid = fitGrid(def, group.subjects.length, innerW, areaH);
      const capacity = grid.columns * grid.rows;
      const unitW = def.unit.width * grid.scale;
      const unitH = def.unit.height * grid.scale;
      group.subjects.forEach((s, i) => {
        const slot = i % capacity;
        let page = pages[pages.length - 1]!;
        if (slot === 0) {
          page = newPage();
          page.boxes.push(...heading(group, i > 0));
        }
        const row = Math.floor(slot / grid.columns);
        const col = slot % grid.columns;
        // A fitted grid centres its last, shorter row; cells share the area evenly.
        const inRow = Math.min(grid.columns, group.subjects.length - (i - slot) - row * grid.columns);
        const shift = def.grid.fit === 'group' ? (grid.columns - inRow) / 2 : 0;
        const cellW = innerW / grid.columns;
        const cellH = areaH / grid.rows;
        const x = m.left + (col + shift) * cellW + (cellW - unitW) / 2;
        const y = top + row * cellH + (cellH - unitH) / 2;
        page.boxes.push(...placeUnit(def.unit.boxes, s, x, y, measure, grid.scale));
      });
    }
    return pages;
  }

  // Flow: rows of the grid in turn; a group's title takes a whole row and is repeated when its group
  // goes on to a new page; a title never ends a page alone.
  const rows = def.grid.height;
  let page: LayoutPage | null = null;
  let row = rows;
  const rowTop = (r: number) => m.top + (r * innerH) / rows;
  for (const group of groups) {
    const needTitle = !!group.title;
    if (needTitle && row + 1 >= rows) row = rows;
    if (row >= rows) {
      page = newPage();
      row = 0;
    }
    if (needTitle) page!.boxes.push(title(group.title, rowTop(row++), innerH / rows));
    group.subjects.forEach((s, i) => {
      const col = i % def.grid.width;
      if (col === 0 && i > 0) row++;
      if (row >= rows) {
        page = newPage();
        row = 0;
        if (needTitle) page.boxes.push(title(`${group.title} (continued)`, rowTop(row++), innerH / rows));
      }
      const o = cellOrigin(def, col, row, m.top, innerH, rows);
      page!.boxes.push(...placeUnit(def.unit.boxes, s, o.x, o.y, measure));
    });
    row++;
  }
  return pages;
}
