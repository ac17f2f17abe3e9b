import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ProjectExportRef } from '@school-portal/domain';
import { useTranslation } from 'react-i18next';
import { isExportDone, type ProjectExport } from '../../api/projectExports';
import { formatRelative } from '../users/relativeTime';

/** Exports §4: New (no job), Queued (job id), started, Completed, Failed (failed, or stalled). */
export type ExportPhase = 'new' | 'queued' | 'started' | 'completed' | 'failed';

export function exportPhase(e: ProjectExport): ExportPhase {
  if (e.job_status === 'completed') return 'completed';
  if (e.job_status === 'failed' || e.stalled) return 'failed';
  if (e.job_status === 'working' || e.export_started_at) return 'started';
  if (e.job_id) return 'queued';
  return 'new';
}

/** Progress in percent: completed shows the total as 1 (full); otherwise at out of total; null when unknown. */
export function exportProgress(e: ProjectExport): number | null {
  const phase = exportPhase(e);
  if (phase === 'completed') return 100;
  if (phase !== 'started' || !e.job_status_total) return phase === 'failed' ? 100 : null;
  return Math.min(100, Math.round(((e.job_status_at ?? 0) / e.job_status_total) * 100));
}

/** An export as the `project-export.delete` policy sees it (exports §4, §6): its creator and its state. */
export function projectExportRef(e: ProjectExport): ProjectExportRef {
  const state = e.stalled ? 'stalled' : isExportDone(e) ? 'done' : 'running';
  return { created_by_user_id: e.created_by_user?.id ?? null, state };
}

/** The progress label of §4 ("Started 5 seconds ago", "Completed 2 minutes ago", "Failed: ..."). */
export function useExportStatusLabel() {
  const { t } = useTranslation();
  return (e: ProjectExport, now: number) => {
    switch (exportPhase(e)) {
      case 'new':
        return t('exports.status.new');
      case 'queued':
        return t('exports.status.queued');
      case 'started':
        return (
          e.job_status_message ||
          t('exports.status.started', {
            ago: formatRelative(e.export_started_at ?? e.updated_at, now),
          })
        );
      case 'completed':
        return t('exports.status.completed', {
          ago: formatRelative(e.export_completed_at ?? e.updated_at, now),
        });
      case 'failed':
        return e.job_status_message
          ? t('exports.status.failed-with', { message: e.job_status_message })
          : t('exports.status.failed');
    }
  };
}

/** The label with its progress bar: active, success or error (§4). */
export function ExportStatus({ projectExport, now }: { projectExport: ProjectExport; now: number }) {
  const { t } = useTranslation();
  const labelOf = useExportStatusLabel();
  const phase = exportPhase(projectExport);
  const progress = exportProgress(projectExport);
  const label = labelOf(projectExport, now);
  return (
    <Box sx={{ minWidth: 180 }} data-testid="export-status" data-phase={phase}>
      <Typography variant="body2">{label}</Typography>
      <LinearProgress
        aria-label={t('exports.status.progress')}
        variant={progress === null ? 'indeterminate' : 'determinate'}
        value={progress ?? undefined}
        color={phase === 'completed' ? 'success' : phase === 'failed' ? 'error' : 'primary'}
        sx={{ mt: 0.5 }}
      />
    </Box>
  );
}
