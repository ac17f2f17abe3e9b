import { EXPORT_POLLING_INTERVAL_MS, type YearbookDeliveryKind } from '@school-portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { RequestBodyOf } from '../../api/api';
import { apiFetch, downloadWithToken, saveLink } from '../../api/client';
import { queryKeys } from '../../api/keys';
import { queryClient } from '../../api/queryClient';
import type { ApiResponse, ElementOf } from '../../api/types';

// Yearbook deliveries (API.md "yearbook deliveries"): a project's yearbook targets (a publisher, the export
// format it takes, its deadlines), the deliveries made to each (the ledger), the check before a delivery
// (nothing written), a delivery's change list, the project's next deadline and the school's pose choice.
// The calls go through apiFetch; the shapes are the API's own (schema.d.ts, generated from its OpenAPI
// description).

export type DeliveryKind = YearbookDeliveryKind;

/** A yearbook target: a publisher, the export format it takes (with the preset's fixes), its deadlines. */
export type YearbookTarget = ApiResponse<'/api/yearbook-targets/{id}', 'get'>['yearbook_target'];
export type NamedRef = NonNullable<YearbookTarget['created_by_user']>;
/** A deadline as answered: its name and date (YYYY-MM-DD), whole days left (0 on the day), whether passed. */
export type YearbookDeadline = ElementOf<YearbookTarget['deadlines']>;

/** A delivery as the ledger lists it (its counts, downloads and file addresses). */
export type YearbookDelivery = ElementOf<
  ApiResponse<'/api/yearbook-targets/{id}/deliveries', 'get'>['yearbook_deliveries']
>;
export type DeliveryStatus = YearbookDelivery['status'];
export type DeliveryCounts = YearbookDelivery['counts'];
export type DownloadWhat = ElementOf<YearbookDelivery['downloads']>['what'];

/** GET /api/yearbook-deliveries/:id: the delivery with its manifest and its change list. */
export type YearbookDeliveryDetail = ApiResponse<'/api/yearbook-deliveries/{id}', 'get'>['yearbook_delivery'];

/** The check before a delivery: what it would hold, every warning, who is not pictured. */
export type DeliveryCheck = ApiResponse<'/api/yearbook-targets/{id}/deliveries/check', 'post'>['check'];
/** One line of a change list, in plain words ("Replace the portrait of Ava Smith (grade 3, Ms. Lee): …"). */
export type DeliveryChange = ElementOf<DeliveryCheck['changes']>;
export type ChangeKind = DeliveryChange['kind'];
export type CheckWarning = ElementOf<DeliveryCheck['warnings']>;
/** A subject a warning names (or one not pictured). */
export type NamedSubject = ElementOf<DeliveryCheck['not_pictured']>;

/** The project's next deadline (today or later, over its targets) and what is still missing for it. */
export type YearbookDeadlineStatus = NonNullable<
  ApiResponse<'/api/projects/{id}/yearbook-deadline', 'get'>['yearbook_deadline']
>;

/**
 * What a target is made or changed with. The publisher is the form's text (the schema names the presets'
 * keys; the server checks it against them).
 */
export type TargetInput = Omit<
  RequestBodyOf<'/api/projects/{id}/yearbook-targets', 'post'>['yearbook_target'],
  'publisher'
> & { publisher: string };

/** The check's warning that names the students with several photos and no yearbook pose. */
export const POSE_NOT_CHOSEN = 'pose_not_chosen';

/**
 * Query keys: under the project's key (which a project's live events and deletion read afresh), so that
 * "everything about this project" stays one prefix; a delivery's own key under the project's too.
 */
export const yearbookKeys = {
  targets: (projectId: string) => [...queryKeys.projects.project(projectId), 'yearbook-targets'] as const,
  deadline: (projectId: string) => [...queryKeys.projects.project(projectId), 'yearbook-deadline'] as const,
  target: (targetId: string) => ['yearbook-targets', targetId] as const,
  deliveries: (targetId: string) => ['yearbook-targets', targetId, 'deliveries'] as const,
  check: (targetId: string, kind: DeliveryKind) => ['yearbook-targets', targetId, 'check', kind] as const,
  delivery: (deliveryId: string) => ['yearbook-deliveries', deliveryId] as const,
};

const id = encodeURIComponent;

/** Whether a delivery is still being built (its ledger row and page poll while it is). */
export const deliveryRunning = (d: Pick<YearbookDelivery, 'status'>) =>
  d.status === 'queued' || d.status === 'working';

/** GET /api/projects/:id/yearbook-targets: oldest first, not paged (a target per publisher). */
export function useYearbookTargets(projectId: string, enabled = true) {
  return useQuery({
    queryKey: yearbookKeys.targets(projectId),
    queryFn: ({ signal }) =>
      apiFetch<{ yearbook_targets: YearbookTarget[] }>(`/api/projects/${id(projectId)}/yearbook-targets`, {
        signal,
      }).then((b) => b.yearbook_targets),
    enabled: enabled && projectId !== '',
    staleTime: 0,
  });
}

/** GET /api/yearbook-targets/:id. */
export function useYearbookTarget(targetId: string) {
  return useQuery({
    queryKey: yearbookKeys.target(targetId),
    queryFn: ({ signal }) =>
      apiFetch<{ yearbook_target: YearbookTarget }>(`/api/yearbook-targets/${id(targetId)}`, { signal }).then(
        (b) => b.yearbook_target,
      ),
    enabled: targetId !== '',
    staleTime: 0,
  });
}

/** GET /api/projects/:id/yearbook-deadline: the next deadline and the counts still missing for it, or null. */
export function useYearbookDeadline(projectId: string, enabled = true) {
  return useQuery({
    queryKey: yearbookKeys.deadline(projectId),
    queryFn: ({ signal }) =>
      apiFetch<{ yearbook_deadline: YearbookDeadlineStatus | null }>(
        `/api/projects/${id(projectId)}/yearbook-deadline`,
        { signal },
      ).then((b) => b.yearbook_deadline),
    enabled: enabled && projectId !== '',
    staleTime: 0,
  });
}

/** A target's list and deadline are read again after it changes. */
function afterTargetChange(projectId: string, target?: YearbookTarget) {
  if (target) queryClient.setQueryData(yearbookKeys.target(target.id), target);
  void queryClient.invalidateQueries({ queryKey: yearbookKeys.targets(projectId) });
  void queryClient.invalidateQueries({ queryKey: yearbookKeys.deadline(projectId) });
}

/** POST /api/projects/:id/yearbook-targets. */
export function useCreateTarget(projectId: string) {
  return useMutation({
    mutationFn: (input: TargetInput) =>
      apiFetch<{ yearbook_target: YearbookTarget }>(`/api/projects/${id(projectId)}/yearbook-targets`, {
        method: 'POST',
        body: { yearbook_target: input },
      }).then((b) => b.yearbook_target),
    onSuccess: (target) => afterTargetChange(projectId, target),
  });
}

/** PATCH /api/yearbook-targets/:id. */
export function useUpdateTarget(projectId: string, targetId: string) {
  return useMutation({
    mutationFn: (input: TargetInput) =>
      apiFetch<{ yearbook_target: YearbookTarget }>(`/api/yearbook-targets/${id(targetId)}`, {
        method: 'PATCH',
        body: { yearbook_target: input },
      }).then((b) => b.yearbook_target),
    onSuccess: (target) => afterTargetChange(projectId, target),
  });
}

/** DELETE /api/yearbook-targets/:id: only a target nothing was delivered to (409 once one was). */
export function useDeleteTarget(projectId: string) {
  return useMutation({
    mutationFn: (targetId: string) =>
      apiFetch<unknown>(`/api/yearbook-targets/${id(targetId)}`, { method: 'DELETE' }),
    onSuccess: (_answer, targetId) => {
      queryClient.removeQueries({ queryKey: yearbookKeys.target(targetId) });
      afterTargetChange(projectId);
    },
  });
}

/** GET /api/yearbook-targets/:id/deliveries: the ledger, newest first; polled while one is being built. */
export function useDeliveries(targetId: string) {
  return useQuery({
    queryKey: yearbookKeys.deliveries(targetId),
    queryFn: ({ signal }) =>
      apiFetch<{ yearbook_deliveries: YearbookDelivery[] }>(
        `/api/yearbook-targets/${id(targetId)}/deliveries`,
        { signal },
      ).then((b) => b.yearbook_deliveries),
    enabled: targetId !== '',
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.some(deliveryRunning) ? EXPORT_POLLING_INTERVAL_MS : false,
  });
}

/**
 * POST /api/yearbook-targets/:id/deliveries/check: what the next delivery of `kind` would hold and every
 * warning (nothing written). Read afresh on every visit.
 */
export function useDeliveryCheck(targetId: string, kind: DeliveryKind, enabled = true) {
  return useQuery({
    queryKey: yearbookKeys.check(targetId, kind),
    queryFn: ({ signal }) =>
      apiFetch<{ check: DeliveryCheck }>(`/api/yearbook-targets/${id(targetId)}/deliveries/check`, {
        method: 'POST',
        body: { delivery: { kind } },
        signal,
      }).then((b) => b.check),
    enabled: enabled && targetId !== '',
    staleTime: 0,
    retry: false,
  });
}

/** POST /api/yearbook-targets/:id/deliveries (202): the delivery is recorded and queued. */
export function useMakeDelivery(projectId: string, targetId: string) {
  return useMutation({
    mutationFn: (kind: DeliveryKind) =>
      apiFetch<{ yearbook_delivery: YearbookDelivery }>(`/api/yearbook-targets/${id(targetId)}/deliveries`, {
        method: 'POST',
        body: { delivery: { kind } },
      }).then((b) => b.yearbook_delivery),
    onSuccess: (delivery) => {
      queryClient.setQueryData<YearbookDelivery[]>(yearbookKeys.deliveries(targetId), (old) =>
        old ? [delivery, ...old.filter((d) => d.id !== delivery.id)] : old,
      );
      void queryClient.invalidateQueries({ queryKey: yearbookKeys.deliveries(targetId) });
      void queryClient.invalidateQueries({ queryKey: yearbookKeys.target(targetId) });
      void queryClient.invalidateQueries({ queryKey: yearbookKeys.targets(projectId) });
    },
  });
}

/** GET /api/yearbook-deliveries/:id: the delivery and its change list; polled while it is being built. */
export function useDelivery(deliveryId: string) {
  return useQuery({
    queryKey: yearbookKeys.delivery(deliveryId),
    queryFn: ({ signal }) =>
      apiFetch<{ yearbook_delivery: YearbookDeliveryDetail }>(`/api/yearbook-deliveries/${id(deliveryId)}`, {
        signal,
      }).then((b) => b.yearbook_delivery),
    enabled: deliveryId !== '',
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && deliveryRunning(query.state.data) ? EXPORT_POLLING_INTERVAL_MS : false,
  });
}

/** The ledger's "downloaded by" moves with each download: read it again. */
function afterDownload(delivery: Pick<YearbookDelivery, 'id' | 'yearbook_target_id'>) {
  void queryClient.invalidateQueries({ queryKey: yearbookKeys.deliveries(delivery.yearbook_target_id) });
  void queryClient.invalidateQueries({ queryKey: yearbookKeys.delivery(delivery.id) });
}

/**
 * GET /api/yearbook-deliveries/:id/download?format=json: a short-lived signed address of the ZIP, handed
 * to the browser to save. Only ever on a click: each download is recorded and named in the ledger.
 */
export async function downloadDelivery(
  delivery: Pick<YearbookDelivery, 'id' | 'yearbook_target_id'>,
): Promise<void> {
  const { download } = await apiFetch<ApiResponse<'/api/yearbook-deliveries/{id}/download', 'get'>>(
    `/api/yearbook-deliveries/${id(delivery.id)}/download`,
    { query: { format: 'json' } },
  );
  saveLink(download.url);
  afterDownload(delivery);
}

/** The change list as a PDF or CSV file, saved by the browser (recorded in the ledger too). */
export async function downloadChangeList(
  delivery: Pick<YearbookDelivery, 'id' | 'yearbook_target_id' | 'number'>,
  type: 'pdf' | 'csv',
  fileName: string,
): Promise<void> {
  await downloadWithToken(
    `/api/yearbook-deliveries/${id(delivery.id)}/changes.${type}`,
    `${fileName}.${type}`,
  );
  afterDownload(delivery);
}

/**
 * PUT /api/yearbook-targets/:id/pose: a student's yearbook pose (the subject's yearbook photo, as on its
 * page), until the target's pose deadline (422 after it). The check and the deadline's counts move.
 */
export function useChoosePose(projectId: string, targetId: string) {
  return useMutation({
    mutationFn: (pose: RequestBodyOf<'/api/yearbook-targets/{id}/pose', 'put'>['pose']) =>
      apiFetch<ApiResponse<'/api/yearbook-targets/{id}/pose', 'put'>>(
        `/api/yearbook-targets/${id(targetId)}/pose`,
        { method: 'PUT', body: { pose } },
      ).then((b) => b.pose),
    onSuccess: (pose) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.subjects.subject(pose.subject_id) });
      void queryClient.invalidateQueries({ queryKey: yearbookKeys.deadline(projectId) });
    },
  });
}
