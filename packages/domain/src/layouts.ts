import { z } from 'zod';

/**
 * Print layouts (exports-and-printing §3): a layout is data, a JSON definition checked by this schema.
 * Lengths are PDF points (1/72 inch), measured from the top-left corner; a unit's boxes are placed
 * relative to the unit.
 */
export const LAYOUT_TYPES = ['Basic', 'Sheet'] as const;
export type LayoutType = (typeof LAYOUT_TYPES)[number];
export const PRINT_POSES = ['primary', 'latest'] as const;
export const SUBJECT_DIRECTORY_CATEGORY = 'subject-directory-sheets';
/** Spec §4 and §9: renders are polled every 5000 ms, at most floor(28800 / interval) times. */
export const RENDER_POLL_INTERVAL_MS = 5000;
export const maxRenderPollCycles = (intervalMs: number) => Math.floor(28800 / intervalMs);
export const WORKER_STATUSES = ['running', 'complete', 'failed'] as const;
export type WorkerStatus = (typeof WORKER_STATUSES)[number];
/** Spec §5: the print wizard's defaults, and the Subject Directory's. */
// Field labels, as the layout renders take them; the key-based PRINT_DEFAULTS of grades.ts is the same rule.
export const PRINT_LAYOUT_DEFAULTS = { group_by: ['Grade'], sort_by: ['Last Name', 'First Name'] } as const;
export const SUBJECT_DIRECTORY_DEFAULT_GROUP = 'Teacher';
export const SUBJECT_DIRECTORY_SORT = ['Teacher', 'Grade', 'Last Name', 'First Name'] as const;

export const BARCODE_SYMBOLOGIES = ['code128', 'qrcode'] as const;
export type BarcodeSymbology = (typeof BARCODE_SYMBOLOGIES)[number];

const length = z.number().finite().min(0).max(5000);
const positive = z.number().finite().min(1).max(5000);
const fontSize = z.number().finite().min(2).max(200);
const placed = { x: length, y: length, width: positive, height: positive };
const align = z.enum(['left', 'center', 'right']).default('left');
const weight = z.enum(['normal', 'bold']).default('normal');

export const layoutBoxSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('photo'),
    ...placed,
    pose: z.enum(PRINT_POSES).default('primary'),
    orientation: z.enum(['portrait', 'landscape']).default('portrait'),
  }),
  z.object({
    kind: z.literal('text'),
    ...placed,
    /** Field names in braces, e.g. `{First Name} {Last Name}`. */
    template: z.string().min(1).max(300),
    size: fontSize,
    /** Overflow shrinks the text down to this size, then cuts it with an ellipsis. */
    min_size: fontSize.optional(),
    weight,
    align,
  }),
  z.object({
    kind: z.literal('barcode'),
    ...placed,
    field: z.string().min(1).max(100),
    /** A Code 128 (a handheld scanner's) or a QR code (a camera card's, read back from a photo). */
    symbology: z.enum(BARCODE_SYMBOLOGIES).default('code128'),
  }),
  z.object({
    kind: z.literal('static'),
    ...placed,
    text: z.string().min(1).max(300),
    size: fontSize,
    weight,
    align,
  }),
]);
export type LayoutBox = z.infer<typeof layoutBoxSchema>;

/**
 * A heading line of a Sheet layout's group: parts joined by " · ", each part filled with the values all of
 * the group's subjects share (and `{group}`); a part naming a field they don't share is left out, so
 * `["Grade {Grade}", "{Teacher}"]` reads "Grade 3 · Ms. Lee" for one class and "Grade 3" for a grade.
 */
export const headingLineSchema = z.object({
  parts: z.array(z.string().min(1).max(300)).min(1).max(4),
  /** The line when every part is left out (e.g. `{group}`, the group's own values). */
  otherwise: z.string().min(1).max(300).optional(),
  size: fontSize,
  weight,
});
export type HeadingLine = z.infer<typeof headingLineSchema>;

/** What a print does with subjects that have no photo: leaves them out, or prints a placeholder with the name. */
export const SUBJECTS_WITHOUT_PHOTO = ['leave_out', 'placeholder'] as const;
export type SubjectsWithoutPhoto = (typeof SUBJECTS_WITHOUT_PHOTO)[number];
export const DEFAULT_SUBJECTS_WITHOUT_PHOTO: SubjectsWithoutPhoto = 'leave_out';

export const layoutDefinitionSchema = z
  .object({
    page: z.object({
      width: positive,
      height: positive,
      margins: z
        .object({ top: length, right: length, bottom: length, left: length })
        .default({ top: 36, right: 36, bottom: 36, left: 36 }),
    }),
    /** Units across and down a page. */
    grid: z.object({
      width: z.number().int().min(1).max(40),
      height: z.number().int().min(1).max(60),
      /**
       * Sheet layouts with `page` breaks: `group` sizes the grid to each group that fits on a page (fewer
       * subjects, bigger units, up to 2.5 times), `fixed` keeps width x height.
       */
      fit: z.enum(['fixed', 'group']).default('fixed'),
    }),
    unit: z.object({ width: positive, height: positive, boxes: z.array(layoutBoxSchema).min(1).max(40) }),
    /** Basic layouts: `same` repeats one subject in every unit of its page (wallets), `next` fills units with the next subjects (ID cards). */
    fill: z.enum(['same', 'next']).default('next'),
    /**
     * Basic layouts: short marks printed outside each unit's corners, in line with its edges, where a
     * guillotine or a trimmer cuts the sheet into cards (camera cards, ID cards).
     */
    cut_marks: z.boolean().default(false),
    /** Sheet layouts: a title per group, as a template over the group's values (`{group}`). */
    title: z
      .object({
        template: z.string().min(1).max(300).default('{group}'),
        size: fontSize.default(18),
        /** `page` breaks: the heading's lines instead of the one template line (school, class, season). */
        lines: z.array(headingLineSchema).min(1).max(4).optional(),
      })
      .default({ template: '{group}', size: 18 }),
    /** Sheet layouts: `page` starts each group on a new page (composites), `flow` runs groups on (directories). */
    group_break: z.enum(['page', 'flow']).default('page'),
  })
  .superRefine((d, ctx) => {
    const innerW = d.page.width - d.page.margins.left - d.page.margins.right;
    const innerH = d.page.height - d.page.margins.top - d.page.margins.bottom;
    if (innerW <= 0 || innerH <= 0)
      ctx.addIssue({ code: 'custom', path: ['page'], message: 'margins leave no room' });
    if (d.unit.width * d.grid.width > innerW + 0.5)
      ctx.addIssue({ code: 'custom', path: ['unit', 'width'], message: 'units do not fit across the page' });
    if (d.unit.height * d.grid.height > innerH + 0.5)
      ctx.addIssue({ code: 'custom', path: ['unit', 'height'], message: 'units do not fit down the page' });
    d.unit.boxes.forEach((b, i) => {
      if (b.x + b.width > d.unit.width + 0.5 || b.y + b.height > d.unit.height + 0.5)
        ctx.addIssue({ code: 'custom', path: ['unit', 'boxes', i], message: 'box lies outside its unit' });
    });
  });
export type LayoutDefinition = z.infer<typeof layoutDefinitionSchema>;
export type LayoutDefinitionInput = z.input<typeof layoutDefinitionSchema>;

/** A render request's grouping and sorting fields (spec §5: names of known fields). */
export const layoutFieldListSchema = z.array(z.string().trim().min(1).max(100)).max(5);
