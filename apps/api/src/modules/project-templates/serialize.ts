import { effectiveLabel } from '@school-portal/domain';
import { isoTimestamps } from '../../wire.js';
import type { SubjectFieldRow, TemplateRow } from './service.js';

export const serializeField = (f: SubjectFieldRow) => ({
  ...f,
  effective_label: effectiveLabel(f),
  is_custom: !f.field_key,
});

export const serializeTemplate = (t: TemplateRow) => ({
  ...t,
  ...isoTimestamps(t),
});
