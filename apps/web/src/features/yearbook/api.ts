import { EXPORT_POLLING_INTERVAL_MS, type YearbookDeliveryKind } from '@school-portal/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch, downloadWithToken, saveLink } from '../../api/client';
import { queryKeys } from '../../api/keys';
import { queryClient } from '../../api/queryClient';

// Yearbook deliveries (API.md "yearbook deliveries"): a project's yearbook targets (a publisher, the export
// format it takes, its deadlines), the deliveries made to each (the ledger), the check before a delivery
// (nothing written), a delivery's change list, the project's next deadline and the school's pose choice.
// The calls go through apiFetch with the shapes of the API's response schemas (the module's serialize.ts).

export type DeliveryKind = YearbookDeliveryKind;
export type DeliveryStatus = 'queued' | 'working' | 'completed' | 'failed';

export interface NamedRef {
  id: string;
  name: string;
}

/** A deadline as answered: its name and date (YYYY-MM-DD), and how it stands today (UTC). */
export interface YearbookDeadline {
  name: string;
  date: string;
  /** Whole days from today to the date: 0 on the day, negative once passed. */
  days_left: number;
  passed: boolean;
}

export interface YearbookTarget {
  id: string;
  project_id: string;
  publisher: string;
  publisher_name: string;
  project_export_format_id: string | null;
  project_export_format_name: string | null;
  /** What a delivery writes: the preset's fixes over the format's own settings. */
  image_width: number | null;
  image_height: number | null;
  data_encoding: string | null;
  header: boolean | null;
  master_file: boolean | null;
  /** Sorted by date. */
  deadlines: YearbookDeadline[];
  notify_days_before: number;
  school_contact_email: string | null;
  /** The date until which the school chooses poses (the first deadline); null: open. */
  pose_deadline: string | null;
  poses_open: boolean;
  deliveries_count: number;
  last_delivery: {
    id: string;
    number: number;
    kind: DeliveryKind;
    status: DeliveryStatus;
    created_at: string;
  } | null;
  created_by_user: NamedRef | null;
  created_at: string;
  updated_at: string;
}

export interface DeliveryCounts {
  /** Rows of MASTER.TXT: everyone in the book. */
  subjects: number;
  /** Images in the archive. */
  images: number;
  added: number;
  replaced: number;
  corrected: number;
  removed: number;
  unchanged: number;
}

export type DownloadWhat = 'archive' | 'change_list_pdf' | 'change_list_csv';

export interface YearbookDelivery {
  id: string;
  yearbook_target_id: string;
  project_id: string;
  /** 1, 2, …: its place in the target's ledger. */
  number: number;
  kind: DeliveryKind;
  /** The delivery this one's changes are counted from (null: the first). */
  since_delivery_id: string | null;
  status: DeliveryStatus;
  status_message: string | null;
  format_name: string;
  counts: DeliveryCounts;
  archive_bytes: number | null;
  created_by_user: NamedRef | null;
  created_at: string;
  completed_at: string | null;
  downloads: { user: NamedRef | null; what: DownloadWhat; at: string }[];
  /** Once completed. */
  download_path: string | null;
  change_list_pdf_path: string;
  change_list_csv_path: string;
}

export type ChangeKind = 'added' | 'replaced' | 'corrected' | 'removed';

/** One line of a change list, in plain words ("Replace the portrait of Ava Smith (grade 3, Ms. Lee): …"). */
export interface DeliveryChange {
  subject_id: string;
  kind: ChangeKind;
  name: string;
  grade: string;
  teacher: string;
  reason: 'left' | 'yearbook_opt_out' | null;
  fields: { field: string; from: string; to: string }[];
  image_file_name: string | null;
  text: string;
}

export interface YearbookDeliveryDetail extends YearbookDelivery {
  changes: DeliveryChange[];
}

/** A subject a warning names (or one not pictured). */
export interface NamedSubject {
  id: string;
  name: string;
  grade: string;
  teacher: string;
}

export interface CheckWarning {
  code: string;
  message: string;
  count: number;
  /** At most 200. */
  subjects: NamedSubject[];
}

export interface DeliveryCheck {
  kind: DeliveryKind;
  since_delivery_id: string | null;
  would_hold: DeliveryCounts;
  changes: DeliveryChange[];
  warnings: CheckWarning[];
  /** In the book without a portrait (the list most books print). */
  not_pictured: NamedSubject[];
}

/** The project's next deadline (today or later, over its targets) and what is still missing for it. */
export interface YearbookDeadlineStatus {
  yearbook_target_id: string;
  publisher_name: string;
  name: string;
  date: string;
  days_left: number;
  missing: {
    /** In the book without a portrait. */
    without_photo: number;
    /** Several photos and no yearbook pose chosen. */
    pose_not_chosen: number;
    /** Everyone in the book (yearbook opt-outs left out). */
    subjects: number;
  };
}

/** What a target is made or changed with. */
export interface TargetInput {
  publisher: string;
  project_export_format_id: string;
  deadlines: { name: string; date: string }[];
  notify_days_before?: number;
  school_contact_email?: string | null;
}

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
  const { download } = await apiFetch<{ download: { url: string; expires_at: string } }>(
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
    mutationFn: (pose: { subject_id: string; photo_id: string }) =>
      apiFetch<{ pose: { subject_id: string; photo_id: string } }>(
        `/api/yearbook-targets/${id(targetId)}/pose`,
        { method: 'PUT', body: { pose } },
      ).then((b) => b.pose),
    onSuccess: (pose) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.subjects.subject(pose.subject_id) });
      void queryClient.invalidateQueries({ queryKey: yearbookKeys.deadline(projectId) });
    },
  });
}
