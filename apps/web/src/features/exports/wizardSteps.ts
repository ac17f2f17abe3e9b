import {
  EXPORT_FORMAT_SETTINGS_BY_STEP,
  type ExportFormatDraft,
  newExportFormatDefaults,
} from '@school-portal/domain';
import type { ExportFormat } from '../../api/exportFormats';

export type Draft = ExportFormatDraft;
export type DraftKey = keyof Draft;
export type Mapping = Draft['field_mappings'][number];

export const STEPS = ['name', 'directories', 'images', 'data', 'review'] as const;
export type StepName = (typeof STEPS)[number];

/** Which step shows each field, so a message (the browser's or the server's) opens the right step. */
const STEP_FIELDS: Record<StepName, readonly string[]> = {
  name: [...EXPORT_FORMAT_SETTINGS_BY_STEP.name, 'organization_id'],
  directories: EXPORT_FORMAT_SETTINGS_BY_STEP.directories,
  images: EXPORT_FORMAT_SETTINGS_BY_STEP.images,
  data: ['field_mappings', ...EXPORT_FORMAT_SETTINGS_BY_STEP.data],
  review: [],
};

const DRAFT_KEYS = new Set(Object.keys(newExportFormatDefaults()));
const isDraftKey = (key: string): key is DraftKey => DRAFT_KEYS.has(key);

/** `field_mappings.0.field_key` belongs to `field_mappings`. */
export const fieldOf = (key: string) => key.split('.')[0] ?? key;

/** The step that shows a field (a server key such as `field_mappings.0.field_key` included); else the first. */
export const stepOf = (key: string) => {
  const index = STEPS.findIndex((s) => STEP_FIELDS[s].includes(fieldOf(key)));
  return index === -1 ? 0 : index;
};

/** The form's fields a step checks before Next. */
export const stepFields = (index: number): DraftKey[] => {
  const step = STEPS[index];
  return step ? STEP_FIELDS[step].filter(isDraftKey) : [];
};

/** The form field that shows a server message, or null when none does (it goes above the wizard). */
export const draftFieldOf = (key: string): DraftKey | null => {
  const field = fieldOf(key);
  return isDraftKey(field) ? field : null;
};

/** A saved format's values as the form's draft (missing ones take the new-format defaults). */
export const draftOf = (format: ExportFormat): Draft => {
  const defaults = newExportFormatDefaults();
  return Object.fromEntries(
    Object.keys(defaults).map((key) => [key, format[key as DraftKey] ?? defaults[key as DraftKey]]),
  ) as Draft;
};
