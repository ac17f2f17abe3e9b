import { MULTI_PAGE_SIZES, PAGE_SIZES } from '@school-portal/domain';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useCan } from '../app/can';
import { api, type SuccessBody } from './api';
import type { QueryValue } from './client';
import { queryKeys } from './keys';
import type { SubjectPhoto } from './photos';
import { invalidateProjectLists, useProject } from './projects';
import { useProjectTemplate } from './projectTemplates';
import { queryClient } from './queryClient';
import { sendRecord } from './records';
import type { ApiResponse } from './types';

export type { SubjectField } from './projectTemplates';

type ApiSubject = ApiResponse<'/api/subjects/{id}', 'get'>['subject'];

/** A subject as the grid and GET /api/subjects/:id answer it (properties: field id → text). */
export type Subject = Omit<ApiSubject, 'photos'>;

export type SubjectWithPhotos = Subject & { photos: SubjectPhoto[] };

/** `retake`: the primary photo is marked for a retake (the Camera Cards of the retakes). */
export type ImagesFilter = 'any' | 'with' | 'without' | 'retake';
export type SortDirection = 'asc' | 'desc';

/** The grid's filters (spec §4): the same ones select the filter results. */
export interface SubjectFilters {
  keyword: string;
  field1: string;
  value1: string | null;
  field2: string;
  value2: string | null;
  images: ImagesFilter;
  /** ISO date-time, or null. */
  addedSince: string | null;
  /** created_at, full_name, reverse_full_name or field:<id>. */
  sort: string;
  direction: SortDirection;
}

export const DEFAULT_SUBJECT_FILTERS: SubjectFilters = {
  keyword: '',
  field1: '',
  value1: null,
  field2: '',
  value2: null,
  images: 'any',
  addedSince: null,
  sort: 'created_at',
  direction: 'asc',
};

/** Query keys: grid lists under the project (its invalidation reaches them), subjects on their own. */

/** The query parameters of the grid (and of ids_only) for these filters. */
export function filterQuery(filters: SubjectFilters): Record<string, QueryValue> {
  const pair = (field: string, value: string | null) =>
    field && value !== null && value !== '' ? { field, value } : null;
  const first = pair(filters.field1, filters.value1);
  const second = pair(filters.field2, filters.value2);
  return {
    keyword: filters.keyword.trim() || undefined,
    'filter[field_1]': first?.field,
    'filter[value_1]': first?.value,
    'filter[field_2]': second?.field,
    'filter[value_2]': second?.value,
    images: filters.images === 'any' ? undefined : filters.images,
    added_since: filters.addedSince ?? undefined,
    sort: filters.sort,
    direction: filters.direction,
  };
}

// ---------------------------------------------------------------------------------------------------
// The project's subject fields

/**
 * The fields of the project's template in arrangement order (hidden ones only for callers who may see
 * them: the API filters). A project without a template has none.
 */
export function useSubjectFields(projectId: string) {
  const project = useProject(projectId);
  const templateId = project.data?.project_template_id ?? '';
  const template = useProjectTemplate(templateId);
  // The API leaves hidden fields out already for callers who may not see them; the screens agree.
  const canViewHidden = useCan()('subject.read-hidden-fields');
  const fields = useMemo(
    () =>
      (template.data?.subject_fields ?? [])
        .filter((f) => canViewHidden || f.visible_to_customers)
        .sort((a, b) => a.arrangement_position - b.arrangement_position),
    [template.data, canViewHidden],
  );
  const noTemplate = project.isSuccess && !project.data.project_template_id;
  return {
    fields,
    isPending: project.isPending || (!noTemplate && template.isPending),
    isError: project.isError || (!noTemplate && template.isError),
    refetch: () => {
      if (project.isError) void project.refetch();
      else void template.refetch();
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The grid

type SubjectsAnswer = SuccessBody<'/api/projects/{id}/subjects', 'get'>;
/**
 * GET /api/projects/:id/subjects answers a page of subjects, or with ids_only every matching id: the
 * schema holds both shapes, so the two explicit types below say which one the call asked for.
 */
export type SubjectsPage = Extract<SubjectsAnswer, { subjects: unknown }>;
const asPage = (answer: SubjectsAnswer) => answer as SubjectsPage;
const asIds = (answer: SubjectsAnswer) => answer as Extract<SubjectsAnswer, { subject_ids: unknown }>;

const GRID_THUMBNAIL_POLL_MS = 2000;
const GRID_THUMBNAIL_POLL_LIMIT = 15;

export function useSubjectsGrid(projectId: string, filters: SubjectFilters, page: number) {
  return useQuery({
    queryKey: queryKeys.subjects.grid(projectId, filters, page),
    queryFn: ({ signal }): Promise<SubjectsPage> =>
      api
        .get('/api/projects/{id}/subjects', {
          path: { id: projectId },
          query: { ...filterQuery(filters), page, limit: PAGE_SIZES.subjects },
          signal,
        })
        .then((b) => asPage(b)),
    placeholderData: keepPreviousData,
    // A primary photo whose thumbnails are still being made shows up a moment later.
    refetchInterval: (query) => {
      const waiting = query.state.data?.subjects.some(
        (s) => s.primary_photo_id && !s.primary_photo_thumbnails,
      );
      return waiting && query.state.dataUpdateCount < GRID_THUMBNAIL_POLL_LIMIT
        ? GRID_THUMBNAIL_POLL_MS
        : false;
    },
  });
}

/** Every id the filters select (`ids_only=true`), for Select All / Select Filter Results. */
export function fetchSubjectIds(projectId: string, filters: SubjectFilters | null): Promise<string[]> {
  return queryClient.fetchQuery({
    queryKey: queryKeys.subjects.ids(projectId, filters),
    queryFn: ({ signal }) =>
      api
        .get('/api/projects/{id}/subjects', {
          path: { id: projectId },
          query: { ...(filters ? filterQuery(filters) : {}), ids_only: true },
          signal,
        })
        .then((b) => asIds(b).subject_ids),
    staleTime: 0,
  });
}

/**
 * A first page of the project's subjects (up to the multi-page size), for the value options of the
 * field filters. Free text covers values beyond it.
 */
export function useSubjectSample(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.subjects.sample(projectId),
    queryFn: ({ signal }) =>
      api
        .get('/api/projects/{id}/subjects', {
          path: { id: projectId },
          query: { page: 1, limit: MULTI_PAGE_SIZES.subjects },
          signal,
        })
        .then((b) => asPage(b).subjects),
    enabled,
    staleTime: 60_000,
  });
}

/** GET /api/projects/:id/subjects/search?q= (first 50 matches). */
export function useSubjectSearch(projectId: string, q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: queryKeys.subjects.search(projectId, text),
    queryFn: ({ signal }) =>
      api
        .get('/api/projects/{id}/subjects/search', { path: { id: projectId }, query: { q: text }, signal })
        .then((b) => b.subjects),
    enabled: text !== '',
  });
}

// ---------------------------------------------------------------------------------------------------
// One subject

const SUBJECT_THUMBNAIL_POLL_MS = 2000;
/** Answers in a row without a new thumbnail before polling stops. */
const SUBJECT_THUMBNAIL_POLL_LIMIT = 30;

export function fetchSubject(subjectId: string, signal?: AbortSignal) {
  return api
    .get('/api/subjects/{id}', {
      path: { id: subjectId },
      query: { include_photos: true },
      signal,
    })
    .then((b) => ({ ...b.subject, photos: b.subject.photos ?? [] }));
}

const readyThumbnails = (subject: SubjectWithPhotos | undefined) =>
  subject?.photos.filter((p) => p.thumbnails.small).length ?? 0;

/**
 * GET /api/subjects/:id?include_photos=true. While any photo lacks thumbnails (the server's job makes
 * them), asked again every 2 s; gives up after a while without progress.
 */
export function useSubject(subjectId: string) {
  const progress = useRef({ ready: -1, since: 0 });
  return useQuery({
    queryKey: queryKeys.subjects.subject(subjectId),
    queryFn: ({ signal }) => fetchSubject(subjectId, signal),
    enabled: subjectId !== '',
    refetchInterval: (query) => {
      const subject = query.state.data;
      if (!subject || subject.photos.every((p) => p.thumbnails.small)) return false;
      const ready = readyThumbnails(subject);
      if (ready !== progress.current.ready) progress.current = { ready, since: query.state.dataUpdateCount };
      const waited = query.state.dataUpdateCount - progress.current.since;
      return waited < SUBJECT_THUMBNAIL_POLL_LIMIT ? SUBJECT_THUMBNAIL_POLL_MS : false;
    },
  });
}

function afterSubjectChange(projectId: string, subject?: Subject) {
  if (subject) {
    queryClient.setQueryData<SubjectWithPhotos>(queryKeys.subjects.subject(subject.id), (old) =>
      old ? { ...old, ...subject, photos: old.photos } : old,
    );
  }
  void queryClient.invalidateQueries({ queryKey: queryKeys.subjects.project(projectId) });
}

/** The project itself counts its subjects. */
function afterSubjectCountChange(projectId: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.projects.project(projectId), exact: true });
  invalidateProjectLists();
}

/** POST /api/projects/:id/subjects: 201; 422 {errors: {"properties.<id>": [...]}}. */
export function useCreateSubject(projectId: string) {
  return useMutation({
    mutationFn: (properties: Record<string, string>) =>
      sendRecord('post', '/api/projects/{id}/subjects', projectId, { subject: { properties } }),
    onSuccess: (subject) => {
      queryClient.setQueryData<SubjectWithPhotos>(queryKeys.subjects.subject(subject.id), {
        ...subject,
        photos: [],
      });
      afterSubjectChange(projectId);
      afterSubjectCountChange(projectId);
    },
  });
}

/** PATCH /api/subjects/:id with changed values (merged by the server). */
export function useUpdateSubject(projectId: string, subjectId: string) {
  return useMutation({
    mutationFn: (properties: Record<string, string>) =>
      sendRecord('patch', '/api/subjects/{id}', subjectId, { subject: { properties } }),
    onSuccess: (subject) => afterSubjectChange(projectId, subject),
  });
}

/** Consent flags (the school's to set): directory information opt-out, leave out of the yearbook. */
export interface ConsentFlags {
  directory_opt_out?: boolean;
  yearbook_opt_out?: boolean;
}

/** PATCH /api/subjects/:id with consent flags (403 for anyone but the school's staff). */
export function useSetSubjectConsent(projectId: string, subjectId: string) {
  return useMutation({
    mutationFn: (flags: ConsentFlags) =>
      api
        .patch('/api/subjects/{id}', { path: { id: subjectId }, body: { subject: flags } })
        .then((b) => b.subject),
    onSuccess: (subject) => afterSubjectChange(projectId, subject),
  });
}

/** POST /api/projects/:id/subject-consents: consent flags for these subjects; answers how many changed. */
export function useSetSelectionConsent(projectId: string) {
  return useMutation({
    mutationFn: ({ subjectIds, flags }: { subjectIds: readonly string[]; flags: ConsentFlags }) =>
      api
        .post('/api/projects/{id}/subject-consents', {
          path: { id: projectId },
          body: { selection: { included_subject_ids: [...subjectIds] }, ...flags },
        })
        .then((b) => b.subject_consents.changed),
    onSuccess: (_changed, { subjectIds }) => {
      for (const id of subjectIds)
        void queryClient.invalidateQueries({ queryKey: queryKeys.subjects.subject(id) });
      afterSubjectChange(projectId);
    },
  });
}

export function useDeleteSubject(projectId: string) {
  return useMutation({
    mutationFn: (subjectId: string) =>
      api.delete('/api/subjects/{id}', { path: { id: subjectId } }).then(() => subjectId),
    onSuccess: (subjectId) => {
      // Not removed: the screen showing it is still open until it navigates away.
      void queryClient.invalidateQueries({
        queryKey: queryKeys.subjects.subject(subjectId),
        refetchType: 'none',
      });
      afterSubjectChange(projectId);
      afterSubjectCountChange(projectId);
    },
  });
}

/**
 * POST /api/subjects/:id/merge (Find Duplicates' Keep): the others' photos move to the kept subject, their
 * values fill its blanks, then they are deleted. 422 {errors: {merged_subject_ids: ["is invalid"]}}.
 */
export function useMergeSubjects(projectId: string) {
  return useMutation({
    mutationFn: ({ keptId, mergedIds }: { keptId: string; mergedIds: string[] }) =>
      api.post('/api/subjects/{id}/merge', {
        path: { id: keptId },
        body: { merged_subject_ids: mergedIds },
      }),
    onSuccess: (answer) => {
      for (const id of answer.merged_subject_ids)
        queryClient.removeQueries({ queryKey: queryKeys.subjects.subject(id) });
      // Its photos changed too: read again, not patched.
      void queryClient.invalidateQueries({ queryKey: queryKeys.subjects.subject(answer.subject.id) });
      afterSubjectChange(projectId);
      afterSubjectCountChange(projectId);
    },
  });
}

/**
 * PATCH /api/subjects/:id {yearbook_photo_id}. The flag moves at once; a failure puts the previous one
 * back (spec §4) and rejects, so the screen can show subjects.save-failed.
 */
export function useSetYearbookPhoto(projectId: string, subjectId: string) {
  return useMutation({
    mutationFn: (photoId: string | null) =>
      sendRecord('patch', '/api/subjects/{id}', subjectId, { subject: { yearbook_photo_id: photoId } }),
    onMutate: async (photoId) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.subjects.subject(subjectId) });
      const previous = queryClient.getQueryData<SubjectWithPhotos>(queryKeys.subjects.subject(subjectId));
      queryClient.setQueryData<SubjectWithPhotos>(queryKeys.subjects.subject(subjectId), (old) =>
        old ? { ...old, yearbook_photo_id: photoId } : old,
      );
      return { previousPhotoId: previous?.yearbook_photo_id ?? null };
    },
    onError: (_error, _photoId, context) => {
      queryClient.setQueryData<SubjectWithPhotos>(queryKeys.subjects.subject(subjectId), (old) =>
        old && context ? { ...old, yearbook_photo_id: context.previousPhotoId } : old,
      );
    },
    onSuccess: (subject) => afterSubjectChange(projectId, subject),
  });
}

/** PATCH /api/subject-photo-assignments/:id {is_primary: true}: the one primary photo of the subject. */
export function useSetPrimaryPhoto(projectId: string, subjectId: string) {
  return useMutation({
    mutationFn: (assignmentId: string) =>
      api
        .patch('/api/subject-photo-assignments/{id}', {
          path: { id: assignmentId },
          body: { subject_photo_assignment: { is_primary: true } },
        })
        .then(() => assignmentId),
    onSuccess: (assignmentId) => {
      queryClient.setQueryData<SubjectWithPhotos>(queryKeys.subjects.subject(subjectId), (old) => {
        if (!old) return old;
        const photos = old.photos.map((p) => ({ ...p, is_primary: p.assignment_id === assignmentId }));
        const primary = photos.find((p) => p.is_primary);
        return { ...old, photos, primary_photo_id: primary?.id ?? old.primary_photo_id };
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.subjects.subject(subjectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.subjects.project(projectId) });
    },
  });
}

/** After an upload: the subject, the grid and the counts are stale. */
export function invalidateAfterUpload(projectId: string, subjectId: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.subjects.subject(subjectId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.subjects.project(projectId) });
}
