import { maxRenderPollCycles, RENDER_POLL_INTERVAL_MS } from '@school-portal/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { api, type RequestBodyOf } from './api';
import { saveLink } from './client';
import { queryKeys } from './keys';
import { queryClient } from './queryClient';
import { fetchSignedDownload, getRecord, sendRecord, useListPage, useRecord } from './records';
import { getToken } from './token';
import type { ApiResponse } from './types';

// Shapes (API.md `layouts` and `layout renders`, snake_case as on the wire)

/** A layout (GET /api/layouts/:id); a null organization_id is a built-in layout, edited only as a copy. */
export type Layout = ApiResponse<'/api/layouts/{id}', 'get'>['layout'];

/** A layout category with its layouts (GET /api/layout-categories/:id). */
export type LayoutCategory = ApiResponse<'/api/layout-categories/{id}', 'get'>['layout_category'];

/** A print of a layout (GET /api/layout-renders/:id); expires_at is when its PDF is deleted. */
export type LayoutRender = ApiResponse<'/api/layout-renders/{id}', 'get'>['layout_render'];

type LayoutBody = RequestBodyOf<'/api/layouts/{id}', 'put'>['layout'];

/** What a print asks for (POST /api/layout-renders): subject ids, or a selection (API.md `selection`). */
export type RenderRequest = RequestBodyOf<'/api/layout-renders', 'post'>['layout_render'];

const enc = encodeURIComponent;
export const layoutKeys = queryKeys.layouts;

export function useLayoutCategories(organizationId: string | undefined) {
  return useRecord(
    layoutKeys.categories,
    '/api/organizations/{id}/layout-categories',
    organizationId,
    'layout_categories',
  );
}

/** A category by id or slug (`subject-directory-sheets`). */
export function fetchLayoutCategory(idOrSlug: string) {
  return queryClient.fetchQuery({
    queryKey: layoutKeys.category(idOrSlug),
    queryFn: ({ signal }) => getRecord('/api/layout-categories/{id}', idOrSlug, 'layout_category', signal),
  });
}

export function useLayout(layoutId: string) {
  return useRecord(layoutKeys.layout, '/api/layouts/{id}', layoutId, 'layout');
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
      api.post('/api/layouts/{id}/copy', { path: { id: layoutId }, body: {} }).then((b) => b.layout),
    onSuccess: (layout) => {
      queryClient.setQueryData(layoutKeys.layout(layout.id), layout);
      void queryClient.invalidateQueries({ queryKey: layoutKeys.allCategories });
      void queryClient.invalidateQueries({ queryKey: layoutKeys.allCategoryDetails });
    },
  });
}

/** PUT /api/layouts/:id: a new name and definition (422 names the definition's field on a bad one). */
export function useUpdateLayout(layoutId: string) {
  return useMutation({
    mutationFn: (layout: { name?: string; definition: unknown }) =>
      // An explicit type: the editor holds the definition as JSON, which the server checks (422).
      sendRecord('put', '/api/layouts/{id}', layoutId, { layout: layout as LayoutBody }),
    onSuccess: (layout) => {
      queryClient.setQueryData(layoutKeys.layout(layout.id), layout);
      void queryClient.invalidateQueries({ queryKey: layoutKeys.allCategories });
      void queryClient.invalidateQueries({ queryKey: layoutKeys.allCategoryDetails });
    },
  });
}

export const RENDERS_PAGE_SIZE = 50;

export type RendersPage = ApiResponse<'/api/projects/{id}/layout-renders', 'get'>;

/** A page of a project's renders (Recent Prints), newest first. */
export function useProjectRenders(projectId: string, page = 1) {
  return useListPage(
    layoutKeys.rendersPage(projectId, page),
    '/api/projects/{id}/layout-renders',
    projectId,
    {
      'render_types[]': ['Basic', 'Sheet'],
      page,
      limit: RENDERS_PAGE_SIZE,
    },
  );
}

export function fetchRender(id: string) {
  return getRecord('/api/layout-renders/{id}', id, 'layout_render');
}

export function useCreateRender() {
  return useMutation({
    mutationFn: (body: RenderRequest) =>
      sendRecord('post', '/api/layout-renders', null, { layout_render: body }),
    onSuccess: (render) =>
      void queryClient.invalidateQueries({ queryKey: layoutKeys.renders(render.project_id) }),
  });
}

export function fetchWorkerStatuses(tokens: string[]) {
  return api
    .get('/api/layout-renders/worker-statuses', { query: { 'worker_tokens[]': tokens } })
    .then((b) => b.worker_statuses);
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
  const { url } = await fetchSignedDownload('/api/layout-renders/{id}/download', render.id);
  saveLink(url, `${render.render_name}.pdf`);
}
