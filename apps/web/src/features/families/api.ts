import { APP_SLUG } from '@school-portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { RequestBodyOf } from '../../api/api';
import { ApiError, apiFetch, buildUrl, type RequestOptions } from '../../api/client';
import { queryKeys } from '../../api/keys';
import { fetchAllPages } from '../../api/pages';
import { queryClient } from '../../api/queryClient';
import type { ApiResponse, ElementOf, ListMeta } from '../../api/types';
import { clearFamilyToken, getFamilyToken, setFamilyToken } from './session';

// Families (API.md "families"). Two kinds of caller use these calls, and neither token ever goes where
// the other belongs:
// - a guardian, through familyFetch: the family token only, and only to /api/family/...;
// - the school's staff and the studio, through the app's apiFetch (the organization session).
// The shapes are the API's own (schema.d.ts, generated from its OpenAPI description).

// ---------------------------------------------------------------------------------------------------
// The family's side

/**
 * One child a guardian claimed: their own names and class (grade, teacher, home room; '' when none), and
 * the yearbook pose.
 */
export type FamilyChild = ElementOf<ApiResponse<'/api/family/children', 'get'>['children']>;

/** The yearbook pose of a child's project: whether a guardian may still choose it, until when, and the choice. */
export type YearbookPose = FamilyChild['yearbook_pose'];

export type OptOutKind = keyof RequestBodyOf<'/api/family/children/{id}/opt-out-requests', 'post'>;

export type FamilyOptOutRequest = ElementOf<
  ApiResponse<'/api/family/children/{id}/opt-out-requests', 'get'>['opt_out_requests']
>;

/** A proof: a rendition of at most 1,200 px with the proof mark, at a signed address that expires. */
export type FamilyPhoto = ElementOf<ApiResponse<'/api/family/children/{id}/photos', 'get'>['photos']>;

/** A box on a photo, as fractions 0..1 of the upright image. */
export type CropBox = NonNullable<FamilyPhoto['crop']>;

/** A failed family call; `retryAfter` is the seconds a 429 asks to wait (its Retry-After), else null. */
export class FamilyApiError extends ApiError {
  readonly retryAfter: number | null;

  constructor(status: number, body: unknown, retryAfter: number | null) {
    super(status, body);
    this.name = 'FamilyApiError';
    this.retryAfter = retryAfter;
  }
}

/** Retry-After in seconds: a number of seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

const FAMILY_PREFIX = '/api/family/';

/**
 * One call of a guardian: sends the family token (when there is one) and nothing else, to family routes
 * only. A 401 with the current token ends the family's sign-in here (the organization session is not
 * touched, nor is it ever sent).
 */
export async function familyFetch<T>(
  path: string,
  options: Pick<RequestOptions, 'method' | 'body' | 'query' | 'signal'> & { token?: string | null } = {},
): Promise<T> {
  if (!path.startsWith(FAMILY_PREFIX)) throw new Error(`Not a family route: ${path}`);
  const { method = 'GET', body, query, signal } = options;
  const token = options.token === undefined ? getFamilyToken() : options.token;
  const headers: Record<string, string> = { Accept: 'application/json', 'X-App-Slug': APP_SLUG };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      // No cookie of the app's is needed, nor sent.
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new FamilyApiError(0, null, null);
  }
  const text = response.status === 204 ? '' : await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      parsed = text;
    }
  }
  if (response.ok) return parsed as T;
  if (response.status === 401 && token && token === getFamilyToken()) {
    clearFamilyToken();
    forgetFamilyQueries();
  }
  throw new FamilyApiError(response.status, parsed, parseRetryAfter(response.headers.get('Retry-After')));
}

export const familyKeys = {
  all: ['family'] as const,
  me: ['family', 'me'] as const,
  children: ['family', 'children'] as const,
  photos: (childId: string) => ['family', 'children', childId, 'photos'] as const,
  optOutRequests: (childId: string) => ['family', 'children', childId, 'opt-out-requests'] as const,
};

/** Forget what a signed-in family read (on sign-out, or when its token no longer works). */
export function forgetFamilyQueries(): void {
  queryClient.removeQueries({ queryKey: familyKeys.all });
}

/** POST /api/family/claims: 202 whether or not the code and the name matched. */
export function useClaim() {
  return useMutation({
    mutationFn: (claim: { code: string; last_name: string; email: string }) =>
      familyFetch<unknown>('/api/family/claims', { method: 'POST', body: { claim }, token: null }),
  });
}

/** The signed-in guardian: its e-mail, and whether it asked for the "photos are ready" e-mail. */
export type Guardian = ApiResponse<'/api/family/me', 'get'>['guardian'];

/**
 * POST /api/family/sessions {token}: the e-mailed link's token (once, within 15 minutes) traded for a
 * family token, kept apart from the organization session. 404: the link is unknown, used or expired;
 * 409: the code has four guardians already.
 */
export async function startFamilySession(linkToken: string): Promise<void> {
  const { family_session: session } = await familyFetch<ApiResponse<'/api/family/sessions', 'post', 201>>(
    '/api/family/sessions',
    { method: 'POST', body: { token: linkToken }, token: null },
  );
  forgetFamilyQueries();
  queryClient.setQueryData(familyKeys.me, session.guardian);
  setFamilyToken(session.token);
}

/** Signing the family out: the token is forgotten here (it lapses on the server within 14 days). */
export function signOutFamily(): void {
  clearFamilyToken();
  forgetFamilyQueries();
}

/** GET /api/family/me. */
export function useGuardian(enabled: boolean) {
  return useQuery({
    queryKey: familyKeys.me,
    queryFn: ({ signal }) =>
      familyFetch<{ guardian: Guardian }>('/api/family/me', { signal }).then((b) => b.guardian),
    enabled,
  });
}

/** PATCH /api/family/me {guardian: {notify_photos_ready}}. */
export function useSetPhotosReadyMail() {
  return useMutation({
    mutationFn: (notify: boolean) =>
      familyFetch<{ guardian: Guardian }>('/api/family/me', {
        method: 'PATCH',
        body: { guardian: { notify_photos_ready: notify } },
      }).then((b) => b.guardian),
    // A read of the guardian already under way (after another change) would answer the old setting after
    // this one is saved, and the box would flip back: it is cancelled, and this answer stands.
    onMutate: () => queryClient.cancelQueries({ queryKey: familyKeys.me }),
    onSuccess: (guardian) => queryClient.setQueryData(familyKeys.me, guardian),
  });
}

/** GET /api/family/children: every child the guardian claimed (siblings, schools, seasons). */
export function useFamilyChildren(enabled: boolean) {
  return useQuery({
    queryKey: familyKeys.children,
    queryFn: ({ signal }) =>
      familyFetch<{ children: FamilyChild[] }>('/api/family/children', { signal }).then((b) => b.children),
    enabled,
    // Signed addresses expire: a long-open gallery reads them afresh.
    staleTime: 60_000,
  });
}

/** GET /api/family/children/:id/photos: the child's proofs (this season's and earlier ones). */
export function useChildPhotos(childId: string) {
  return useQuery({
    queryKey: familyKeys.photos(childId),
    queryFn: ({ signal }) =>
      familyFetch<{ photos: FamilyPhoto[]; expires_at: string }>(
        `/api/family/children/${encodeURIComponent(childId)}/photos`,
        { signal },
      ),
    staleTime: 60_000,
    // The proofs' signed addresses expire: read them afresh a minute before they do.
    refetchInterval: (query) => {
      const expires = Date.parse(query.state.data?.expires_at ?? '');
      return Number.isNaN(expires) ? false : Math.max(30_000, expires - Date.now() - 60_000);
    },
  });
}

/** GET /api/family/children/:id/opt-out-requests: what the guardians asked for this child, and the answers. */
export function useChildOptOutRequests(childId: string) {
  return useQuery({
    queryKey: familyKeys.optOutRequests(childId),
    queryFn: ({ signal }) =>
      familyFetch<{ opt_out_requests: FamilyOptOutRequest[] }>(
        `/api/family/children/${encodeURIComponent(childId)}/opt-out-requests`,
        { signal },
      ).then((b) => b.opt_out_requests),
  });
}

/** PUT /api/family/children/:id/yearbook-pose {photo_id}. */
export function useChoosePose(childId: string) {
  return useMutation({
    mutationFn: (photoId: string) =>
      familyFetch<unknown>(`/api/family/children/${encodeURIComponent(childId)}/yearbook-pose`, {
        method: 'PUT',
        body: { photo_id: photoId },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: familyKeys.all });
    },
  });
}

/** POST /api/family/children/:id/opt-out-requests {directory_opt_out?, yearbook_opt_out?}. */
export function useRequestOptOut(childId: string) {
  return useMutation({
    mutationFn: (flags: Partial<Record<OptOutKind, true>>) =>
      familyFetch<unknown>(`/api/family/children/${encodeURIComponent(childId)}/opt-out-requests`, {
        method: 'POST',
        body: flags,
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: familyKeys.optOutRequests(childId) });
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// The school's side and the studio's (the organization session)

/** A guardian's claim on a child of the project (its id is what DELETE /guardian-links/:id removes). */
export type GuardianLink = ElementOf<ApiResponse<'/api/projects/{id}/guardians', 'get'>['guardians']>;

/** A guardian's request to leave a child out of the directory or the yearbook (e-mail null once removed). */
export type OptOutRequest = ElementOf<
  ApiResponse<'/api/projects/{id}/opt-out-requests', 'get'>['opt_out_requests']
>;

export type OptOutRequestState = OptOutRequest['state'];

/** A yearbook pose a guardian chose; `current` while it is still the subject's yearbook photo. */
export type PoseChoice = ElementOf<
  ApiResponse<'/api/projects/{id}/family-pose-choices', 'get'>['family_pose_choices']
>;

/** A child's family access code, as printed (XXXXX-XXXXX). */
export type FamilyCode = ElementOf<ApiResponse<'/api/projects/{id}/family-codes', 'get'>['family_codes']>;

export type FamilySettings = ApiResponse<'/api/projects/{id}/family-settings', 'get'>['family_settings'];

interface Meta {
  total?: number;
}

export const staffKeys = {
  all: (projectId: string) => ['projects', projectId, 'families'] as const,
  guardians: (projectId: string) => ['projects', projectId, 'families', 'guardians'] as const,
  optOutRequests: (projectId: string) => ['projects', projectId, 'families', 'opt-out-requests'] as const,
  poseChoices: (projectId: string) => ['projects', projectId, 'families', 'pose-choices'] as const,
  settings: (projectId: string) => ['projects', projectId, 'families', 'settings'] as const,
  codes: (projectId: string) => ['projects', projectId, 'families', 'codes'] as const,
  subjectNames: (projectId: string) => ['subjects', 'by-project', projectId, 'family-names'] as const,
};

const projectPath = (projectId: string, rest: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/${rest}`;

/** Every page of a list under a project (`key` names the list in the answer). */
function everyPage<T>(projectId: string, rest: string, key: string, limit: number, signal?: AbortSignal) {
  return fetchAllPages<T>(
    (page, pageLimit) =>
      apiFetch<Record<string, unknown> & { meta?: Meta }>(projectPath(projectId, rest), {
        query: { page, limit: pageLimit },
        signal,
      }).then((body) => ({ items: (body[key] as T[]) ?? [], meta: body.meta as ListMeta | undefined })),
    limit,
  );
}

/** GET /api/projects/:id/guardians, every page. */
export function useGuardians(projectId: string, enabled = true) {
  return useQuery({
    queryKey: staffKeys.guardians(projectId),
    queryFn: ({ signal }) => everyPage<GuardianLink>(projectId, 'guardians', 'guardians', 1000, signal),
    enabled,
  });
}

/** DELETE /api/guardian-links/:id: the guardian no longer sees the child. */
export function useRemoveGuardian(projectId: string) {
  return useMutation({
    mutationFn: (linkId: string) =>
      apiFetch<unknown>(`/api/guardian-links/${encodeURIComponent(linkId)}`, { method: 'DELETE' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.guardians(projectId) });
      void queryClient.invalidateQueries({ queryKey: staffKeys.codes(projectId) });
    },
  });
}

/** GET /api/projects/:id/opt-out-requests, every page (pending first). */
export function useOptOutRequests(projectId: string, enabled = true) {
  return useQuery({
    queryKey: staffKeys.optOutRequests(projectId),
    queryFn: ({ signal }) =>
      everyPage<OptOutRequest>(projectId, 'opt-out-requests', 'opt_out_requests', 1000, signal),
    enabled,
  });
}

/** PATCH /api/opt-out-requests/:id {opt_out_request: {state}}: an approval sets the child's consent flags. */
export function useDecideOptOutRequest(projectId: string) {
  return useMutation({
    mutationFn: ({ id, state }: { id: string; state: 'approved' | 'declined' }) =>
      apiFetch<{ opt_out_request: OptOutRequest }>(`/api/opt-out-requests/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { opt_out_request: { state } },
      }).then((b) => b.opt_out_request),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.optOutRequests(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.subjects.all });
    },
  });
}

/** GET /api/projects/:id/family-pose-choices. */
export function usePoseChoices(projectId: string, enabled = true) {
  return useQuery({
    queryKey: staffKeys.poseChoices(projectId),
    queryFn: ({ signal }) =>
      apiFetch<{ family_pose_choices: PoseChoice[] }>(projectPath(projectId, 'family-pose-choices'), {
        signal,
      }).then((b) => b.family_pose_choices),
    enabled,
  });
}

/** GET /api/projects/:id/family-settings. */
export function useFamilySettings(projectId: string, enabled = true) {
  return useQuery({
    queryKey: staffKeys.settings(projectId),
    queryFn: ({ signal }) =>
      apiFetch<{ family_settings: FamilySettings }>(projectPath(projectId, 'family-settings'), {
        signal,
      }).then((b) => b.family_settings),
    enabled,
  });
}

/** PATCH /api/projects/:id/family-settings {family_opt_outs_apply_at_once} (the school's own accounts). */
export function useSetOptOutsApplyAtOnce(projectId: string) {
  return useMutation({
    mutationFn: (atOnce: boolean) =>
      apiFetch<{ family_settings: FamilySettings }>(projectPath(projectId, 'family-settings'), {
        method: 'PATCH',
        body: { family_settings: { family_opt_outs_apply_at_once: atOnce } },
      }).then((b) => b.family_settings),
    onSuccess: (settings) => queryClient.setQueryData(staffKeys.settings(projectId), settings),
  });
}

/** PATCH /api/projects/:id {project: {family_pose_deadline}}: null turns pose choice off (the studio's). */
export function useSetPoseDeadline(projectId: string) {
  return useMutation({
    mutationFn: (deadline: string | null) =>
      apiFetch<unknown>(`/api/projects/${encodeURIComponent(projectId)}`, {
        method: 'PATCH',
        body: { project: { family_pose_deadline: deadline } },
      }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.settings(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects.project(projectId) });
    },
  });
}

/** GET /api/projects/:id/family-codes, every page (a child without a code gets one on this read). */
export function useFamilyCodes(projectId: string, enabled = true) {
  return useQuery({
    queryKey: staffKeys.codes(projectId),
    queryFn: ({ signal }) => everyPage<FamilyCode>(projectId, 'family-codes', 'family_codes', 5000, signal),
    enabled,
  });
}

/** POST /api/projects/:id/family-codes {selection}: new codes; the old ones stop working (claims made stay). */
export function useIssueCodes(projectId: string) {
  return useMutation({
    mutationFn: (subjectIds: string[]) =>
      apiFetch<{ family_codes: { issued: number } }>(projectPath(projectId, 'family-codes'), {
        method: 'POST',
        body: { selection: { included_subject_ids: subjectIds, excluded_subject_ids: [] } },
      }).then((b) => b.family_codes.issued),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.codes(projectId) });
    },
  });
}

/** The project's subjects' names by id (the family lists name children by id only). */
export function useSubjectNames(projectId: string, enabled = true) {
  return useQuery({
    queryKey: staffKeys.subjectNames(projectId),
    queryFn: async ({ signal }) => {
      const subjects = await everyPage<{ id: string; display_name: string }>(
        projectId,
        'subjects',
        'subjects',
        500,
        signal,
      );
      return new Map(subjects.map((subject) => [subject.id, subject.display_name]));
    },
    enabled,
  });
}

/** The unsubscribe link of a family e-mail: no sign-in, the link's own token. */
export function unsubscribe(token: string): Promise<unknown> {
  return familyFetch<unknown>('/api/family/unsubscribe', { method: 'POST', body: { token }, token: null });
}
