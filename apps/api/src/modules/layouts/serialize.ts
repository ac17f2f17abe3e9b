import { LAYOUT_TYPES, SUBJECTS_WITHOUT_PHOTO, WORKER_STATUSES } from '@school-portal/domain';
import { z } from 'zod';
import { isoOrNull } from '../../wire.js';
import type { CategoryRow, LayoutRow, RenderRow } from './service.js';

export const layoutSchema = z.object({
  id: z.string(),
  name: z.string(),
  layout_category_id: z.string(),
  organization_id: z.string().nullable(),
  layout_type: z.enum(LAYOUT_TYPES),
  definition: z.record(z.string(), z.unknown()),
  grid_width: z.number().nullable(),
  grid_height: z.number().nullable(),
  parent_layout_id: z.string().nullable(),
  sub_layout_ids: z.array(z.string()),
  flipped_layout_id: z.string().nullable(),
  pose_number: z.number().nullable(),
  preview_url: z.string(),
});

export function serializeLayout(l: LayoutRow) {
  const definition = (l.definition ?? {}) as Record<string, unknown> & {
    grid?: { width?: number; height?: number };
  };
  return {
    id: l.id,
    name: l.name,
    layout_category_id: l.layout_category_id,
    organization_id: l.organization_id,
    layout_type: l.layout_type,
    definition,
    grid_width: definition.grid?.width ?? null,
    grid_height: definition.grid?.height ?? null,
    parent_layout_id: l.parent_layout_id,
    sub_layout_ids: l.sub_layout_ids,
    flipped_layout_id: l.flipped_layout_id,
    pose_number: l.pose_number,
    preview_url: `/api/layouts/${l.id}/preview`,
  };
}

export const categorySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  organization_id: z.string().nullable(),
  layouts_count: z.number(),
  layouts: z.array(layoutSchema),
});

export const serializeCategory = ({
  category,
  layouts,
}: {
  category: CategoryRow;
  layouts: LayoutRow[];
}) => ({
  id: category.id,
  slug: category.slug,
  name: category.name,
  organization_id: category.organization_id,
  layouts_count: layouts.length,
  layouts: layouts.map(serializeLayout),
});

export const renderSchema = z.object({
  id: z.string(),
  project_id: z.string(),
  layout_id: z.string(),
  layout_name: z.string(),
  render_type: z.enum(LAYOUT_TYPES),
  render_name: z.string(),
  batch_name: z.string().nullable(),
  format: z.string(),
  subjects_count: z.number(),
  group_by: z.array(z.string()),
  sort_by: z.array(z.string()),
  subjects_without_photo: z.enum(SUBJECTS_WITHOUT_PHOTO),
  worker_token: z.string(),
  worker_status: z.enum(WORKER_STATUSES),
  failure_reason: z.string().nullable(),
  is_completed: z.boolean(),
  page_count: z.number().nullable(),
  download_url: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** When the PDF is deleted (EXPORT_RETENTION_DAYS after completion), and when it was. */
  expires_at: z.string().nullable(),
  expired_at: z.string().nullable(),
});

export const serializeRender = (r: RenderRow) => ({
  id: r.id,
  project_id: r.project_id,
  layout_id: r.layout_id,
  layout_name: r.layout_name,
  render_type: r.render_type,
  render_name: r.render_name,
  batch_name: r.batch_name,
  format: r.format,
  subjects_count: Number(r.subjects_count),
  group_by: r.group_by,
  sort_by: r.sort_by,
  subjects_without_photo: r.subjects_without_photo,
  worker_token: r.worker_token,
  worker_status: r.worker_status,
  failure_reason: r.failure_reason,
  is_completed: r.worker_status === 'complete',
  page_count: r.page_count,
  download_url:
    r.worker_status === 'complete' && !r.expired_at ? `/api/layout-renders/${r.id}/download` : null,
  created_at: r.created_at.toISOString(),
  completed_at: isoOrNull(r.completed_at),
  expires_at: isoOrNull(r.expires_at),
  expired_at: isoOrNull(r.expired_at),
});
