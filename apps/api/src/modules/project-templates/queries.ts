import type { FieldRef } from '@school-portal/domain';
import { sql } from 'kysely';

/** What other areas may read of a template's subject fields, as SQL over a template id column. */
export const templateFieldReads = (templateIdColumn: string) => ({
  /** The fields in order (as loadFields orders them), as JSON: read along with a project in one query. */
  refs: sql<
    FieldRef[]
  >`(SELECT coalesce(json_agg(json_build_object('id', f.id::text, 'field_key', f.field_key, 'label', f.label, 'visible_to_customers', f.visible_to_customers) ORDER BY f.arrangement_position, f.id), '[]') FROM subject_fields f WHERE f.project_template_id = ${sql.ref(templateIdColumn)})`,
});
