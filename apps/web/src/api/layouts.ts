import {
  maxRenderPollCycles,
  RENDER_POLL_INTERVAL_MS,
  type SubjectGridFilter,
  type SubjectsWithoutPhoto,
  type WorkerStatus,
} from '@school-portal/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiFetch } from './client';
import { queryClient } from './queryClient';
import { getToken } from './token';

// Shapes (API.md `layouts` and `layout renders`, snake_case as on the wire)

export interface Layout {
  id: string;
  name: string;
  layout_category_id: string;
  /** Null for built-in layouts; managers edit only their own organization's copies. */
  organization_id: string | null;
  definition: Record<string, unknown>;
  layout_type: 'Basic' | 'Sheet';
  grid_width: number | null;
  grid_height: number | null;
  preview_url: string;
}

export interface LayoutCategory {
  id: string;
  slug: string;
  name: string;
  layouts_count: number;
  layouts: Layout[];
}

export interface LayoutRender {
  id: string;
  project_id: string;
  layout_id: string;
  layout_name: string;
  render_type: 'Basic' | 'Sheet';
  render_name: string;
  subjects_count: number;
  subjects_without_photo: SubjectsWithoutPhoto;
  worker_token: string;
  worker_status: WorkerStatus;
  failure_reason: string | null;
  is_completed: boolean;
  download_url: string | null;
  created_at: string;
  /** When the PDF is deleted (EXPORT_RETENTION_DAYS after completion), and when it was. */
  expires_at: string | null;
  expired_at: string | null;
}

export interface RenderRequest {
  layout_id: string;
  project_id: string;
  pdf_name?: string;
  subject_ids?: string[];
  /** Or a selection (API.md `selection`): the grid's filter, plus included ids, minus excluded ids. */
  filter?: SubjectGridFilter | null;
  included_subject_ids?: string[];
  excluded_subject_ids?: string[];
  group_by: string[];
  sort_by: string[];
  /** Subjects without a photo: left out (the default) or printed as a placeholder with the name. */
  subjects_without_photo?: SubjectsWithoutPhoto;
}

const enc = encodeURIComponent;
export const layoutKeys = {
  categories: (organizationId: string) => ['layout-categories', organizationId] as const,
  category: (id: string) => ['layout-category', id] as const,
  layout: (id: string) => ['layouts', id] as const,
  renders: (projectId: string) => ['layout-renders', projectId] as const,
  render: (id: string) => ['layout-render', id] as const,
};

export function useLayoutCategories(organizationId: string | undefined) {
  return useQuery({
    queryKey: layoutKeys.categories(organizationId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<{ layout_categories: LayoutCategory[] }>(
        `/api/organizations/${enc(organizationId!)}/layout-categories`,
        {
          signal,
        },
      ).then((b) => b.layout_categories),
    enabled: !!organizationId,
  });
}

/** A category by id or slug (`subject-directory-sheets`). */
export function fetchLayoutCategory(idOrSlug: string) {
  return queryClient.fetchQuery({
    queryKey: layoutKeys.category(idOrSlug),
    queryFn: ({ signal }) =>
      apiFetch<{ layout_category: LayoutCategory }>(`/api/layout-categories/${enc(idOrSlug)}`, {
        signal,
      }).then((b) => b.layout_category),
  });
}

export function useLayout(layoutId: string) {
  return useQuery({
    enabled: layoutId !== '',
    queryKey: layoutKeys.layout(layoutId),
    queryFn: ({ signal }) =>
      apiFetch<{ layout: Layout }>(`/api/layouts/${enc(layoutId)}`, { signal }).then((b) => b.layout),
  });
}

/**
 * The layout's 640x480 preview PNG as an object URL (the request carries the bearer token). A new
 * `revision` (after the definition changed) fetches it again past the browser's cache.
 */
export function useLayoutPreview(layoutId: string | undefined, subjectId?: string | null, revision?: string) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!layoutId) return;
    let revoked = false;
    let objectUrl: string | null = null;
    const query = subjectId ? `?subject_id=${enc(subjectId)}` : '';
    void fetch(`/api/layouts/${enc(layoutId)}/preview${query}`, {
      headers: { Authorization: `Bearer ${getToken() ?? ''}` },
      ...(revision !== undefined ? { cache: 'no-cache' as const } : {}),
    })
      .then((r) => (r.ok ? r.blob() : null))
      .then((blob) => {
        if (!blob || revoked) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      });
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [layoutId, subjectId, revision]);
  return url;
}

/** POST /api/layouts/:id/copy: a copy in the manager's own organization, to edit there. */
export function useCopyLayout() {
  return useMutation({
    mutationFn: (layoutId: string) =>
      apiFetch<{ layout: Layout }>(`/api/layouts/${enc(layoutId)}/copy`, { method: 'POST', body: {} }).then(
        (b) => b.layout,
      ),
    onSuccess: (layout) => {
      queryClient.setQueryData(layoutKeys.layout(layout.id), layout);
      void queryClient.invalidateQueries({ queryKey: ['layout-categories'] });
      void queryClient.invalidateQueries({ queryKey: ['layout-category'] });
    },
  });
}

/** PUT /api/layouts/:id: a new name and definition (422 names the definition's field on a bad one). */
export function useUpdateLayout(layoutId: string) {
  return useMutation({
    mutationFn: (layout: { name?: string; definition: unknown }) =>
      apiFetch<{ layout: Layout }>(`/api/layouts/${enc(layoutId)}`, { method: 'PUT', body: { layout } }).then(
        (b) => b.layout,
      ),
    onSuccess: (layout) => {
      queryClient.setQueryData(layoutKeys.layout(layout.id), layout);
      void queryClient.invalidateQueries({ queryKey: ['layout-categories'] });
      void queryClient.invalidateQueries({ queryKey: ['layout-category'] });
    },
  });
}

export const RENDERS_PAGE_SIZE = 50;

export interface RendersPage {
  layout_renders: LayoutRender[];
  meta: { page: number; limit: number; total: number };
}

/** A page of a project's renders (Recent Prints), newest first. */
export function useProjectRenders(projectId: string, page = 1) {
  return useQuery({
    queryKey: [...layoutKeys.renders(projectId), page] as const,
    queryFn: ({ signal }) =>
      apiFetch<RendersPage>(`/api/projects/${enc(projectId)}/layout-renders`, {
        query: { 'render_types[]': ['Basic', 'Sheet'], page, limit: RENDERS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function fetchRender(id: string) {
  return apiFetch<{ layout_render: LayoutRender }>(`/api/layout-renders/${enc(id)}`).then(
    (b) => b.layout_render,
  );
}

export function useCreateRender() {
  return useMutation({
    mutationFn: (body: RenderRequest) =>
      apiFetch<{ layout_render: LayoutRender }>('/api/layout-renders', {
        method: 'POST',
        body: { layout_render: body },
      }).then((b) => b.layout_render),
    onSuccess: (render) =>
      void queryClient.invalidateQueries({ queryKey: layoutKeys.renders(render.project_id) }),
  });
}

export function fetchWorkerStatuses(tokens: string[]) {
  return apiFetch<{ worker_statuses: { worker_token: string; worker_status: WorkerStatus }[] }>(
    '/api/layout-renders/worker-statuses',
    { query: { 'worker_tokens[]': tokens } },
  ).then((b) => b.worker_statuses);
}

/**
 * Spec §4: while `enabled`, polls the running renders' worker statuses every interval; a render that
 * stops running is reloaded (`onSettled`); polling stops when none runs or after floor(28800 / interval)
 * cycles, and then calls `onStop`.
 */
export function useRenderPolling(
  renders: LayoutRender[] | undefined,
  enabled: boolean,
  onSettled: (id: string) => void,
  onStop: () => void,
  intervalMs = RENDER_POLL_INTERVAL_MS,
) {
  const running = (renders ?? []).filter((r) => r.worker_status === 'running');
  const tokens = running.map((r) => `${r.id}:${r.worker_token}`).join(',');
  const loaded = renders !== undefined;
  const callbacks = useRef({ onSettled, onStop });
  callbacks.current = { onSettled, onStop };
  useEffect(() => {
    if (!enabled || !loaded) return;
    const pairs = tokens
      .split(',')
      .filter(Boolean)
      .map((pair) => pair.split(':') as [string, string]);
    if (pairs.length === 0) {
      callbacks.current.onStop();
      return;
    }
    let cycles = 0;
    const timer = setInterval(async () => {
      cycles += 1;
      const statuses = await fetchWorkerStatuses(pairs.map(([, token]) => token)).catch(() => []);
      for (const s of statuses) {
        const pair = pairs.find(([, token]) => token === s.worker_token);
        if (pair && s.worker_status !== 'running') callbacks.current.onSettled(pair[0]);
      }
      if (cycles >= maxRenderPollCycles(intervalMs)) {
        clearInterval(timer);
        callbacks.current.onStop();
      }
    }, intervalMs);
    return () => clearInterval(timer);
  }, [enabled, loaded, tokens, intervalMs]);
}

/** Downloads a complete render's PDF: the API answers a signed address, the browser fetches it. */
export async function downloadRender(render: Pick<LayoutRender, 'id' | 'render_name'>): Promise<void> {
  const { download } = await apiFetch<{ download: { url: string } }>(
    `/api/layout-renders/${enc(render.id)}/download?format=json`,
  );
  const link = document.createElement('a');
  link.href = download.url;
  link.download = `${render.render_name}.pdf`;
  document.body.appendChild(link);
  link.click();
  link.remove();
}
