import { useTranslation } from 'react-i18next';
import type { MatchBy, PhotoBatchState } from '../../api/picture-day';

/** The words of a batch's matching and state, as the list and the batch page show them. */
export function useBatchLabels() {
  const { t } = useTranslation();
  const matchBy: Record<MatchBy, string> = {
    camera_card: t('picture-day.match-by.camera_card'),
    file_name: t('picture-day.match-by.file_name'),
    mapping_file: t('picture-day.match-by.mapping_file'),
    check_in: t('picture-day.match-by.check_in'),
  };
  const state: Record<PhotoBatchState, string> = {
    open: t('picture-day.state.open'),
    matching: t('picture-day.state.matching'),
    matched: t('picture-day.state.matched'),
    applying: t('picture-day.state.applying'),
    applied: t('picture-day.state.applied'),
    failed: t('picture-day.state.failed'),
  };
  return { matchBy: (value: MatchBy) => matchBy[value], state: (value: PhotoBatchState) => state[value] };
}
