import { useEffect, useRef } from 'react';
import { queryKeys } from '../../api/keys';
import { type ProjectEvent, useProjectEvents } from '../../api/projectEvents';
import { queryClient } from '../../api/queryClient';
import { sessionKeys } from '../photo-sessions/api';

/** The events that move a project's coverage figures, its sessions' counts or its photo checks. */
const MOVES_COVERAGE = new Set<ProjectEvent['type']>([
  'check-ins',
  'photos.assigned',
  'photo-check.failed',
  'resync',
]);

/** Events this close together are read as one: a station's burst of check-ins is one refetch. */
const GATHER_MS = 250;

/**
 * Keeps a project's coverage live: its event stream (pushed by the server, not polled) reads the project
 * (its counts), its coverage, its sessions' counts and its photo checks again when a check-in, an applied
 * match or a failed check comes in. The events carry ids only; the queries read what the caller may see.
 */
export function useLiveCoverage(projectId: string) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useProjectEvents(projectId || undefined, (event) => {
    if (!MOVES_COVERAGE.has(event.type) || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: queryKeys.projects.project(projectId) });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.project(projectId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.photoChecks.project(projectId) });
    }, GATHER_MS);
  });
}
