import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import {
  CHECK_CODES,
  CHECK_STATES,
  type CheckCode,
  type CheckState,
  type PhotoCheckFilters,
  usePhotoChecks,
} from '../../api/photo-checks';
import { useCurrentProject } from '../../api/projects';
import { useCan } from '../../app/can';
import { FiltersBar } from '../../components/ListFilters';
import { MessagePage, Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { useListParams } from '../organizations/listState';
import { SubjectGrid } from '../subjects/SubjectGrid';
import { useClassOptions } from './classOptions';
import { HeadSizeRuleForm } from './HeadSizeForm';
import { PhotoCheckCard } from './PhotoCheckCard';

const isCode = (value: string | null): value is CheckCode =>
  (CHECK_CODES as readonly string[]).includes(value ?? '');
const isState = (value: string | null): value is CheckState =>
  (CHECK_STATES as readonly string[]).includes(value ?? '');

const REVIEW_FILTERS = ['state', 'code', 'class'] as const;

/** The filters and page in the address, so that a reload or the cropper's way back keeps them. */
function useReviewParams() {
  // Another filter starts at the first page.
  const { page, values, update } = useListParams(REVIEW_FILTERS);
  const filters: PhotoCheckFilters = {
    state: isState(values.state) ? values.state : 'open',
    ...(isCode(values.code) ? { code: values.code } : {}),
    ...(values.class ? { class: values.class } : {}),
  };
  return { filters, page, update };
}

/**
 * Photo Checks: the project's photos the computer flagged (or marked for a retake), with their
 * flags and the auto crop drawn on each, filtered by list, flag and class; a person decides only these.
 */
export function PhotoChecksPage() {
  const { t } = useTranslation();
  const { projectId, project } = useCurrentProject();
  const can = useCan();
  const { filters, page, update } = useReviewParams();
  const checks = usePhotoChecks(projectId, filters, page);
  const classes = useClassOptions(projectId);
  const filtered = filters.code !== undefined || filters.class !== undefined;

  if (can.ready && !can('photo-check.list')) {
    return <MessagePage title={t('photo-checks.title')} message={t('photo-checks.not-allowed')} />;
  }
  return (
    <Page title={t('photo-checks.title')}>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('photo-checks.intro')}
      </Typography>
      <FiltersBar label={t('photo-checks.filters.label')} mb={2}>
        <ReviewFilter
          label={t('photo-checks.filters.state')}
          value={filters.state}
          choices={CHECK_STATES.map((state) => [state, t(`photo-checks.state.${state}`)])}
          onChange={(state) => update({ state: state === 'open' ? null : state })}
          minWidth={180}
        />
        <ReviewFilter
          label={t('photo-checks.filters.flag')}
          value={filters.code ?? ''}
          any={t('photo-checks.filters.any-flag')}
          choices={CHECK_CODES.map((code) => [code, t(`photo-checks.codes.${code}`)])}
          onChange={(code) => update({ code })}
          minWidth={220}
        />
        <ReviewFilter
          label={t('photo-checks.filters.class')}
          value={filters.class ?? ''}
          any={t('photo-checks.filters.any-class')}
          // A class in the address that the sample has not seen still shows as chosen.
          choices={[...new Set([...classes, ...(filters.class ? [filters.class] : [])])].map((value) => [
            value,
            value,
          ])}
          onChange={(value) => update({ class: value })}
          minWidth={180}
        />
      </FiltersBar>
      <QueryState
        query={checks}
        errorMessage={t('photo-checks.load-failed')}
        isEmpty={(data) => data.photo_checks.length === 0}
        emptyMessage={filtered ? t('photo-checks.empty-filtered') : t('photo-checks.empty')}
      >
        {(data) => (
          <SubjectGrid
            label={t('photo-checks.grid-label')}
            meta={data.meta}
            onPage={(next) => update({ page: next })}
            placeholder={checks.isPlaceholderData}
            announceBusy
            testId="photo-checks-grid"
          >
            {data.photo_checks.map((check) => (
              <PhotoCheckCard key={check.photo_id} check={check} projectId={projectId} />
            ))}
          </SubjectGrid>
        )}
      </QueryState>
      {project.data && can('photo-check.auto-crops') && can('project.update') && (
        <Box sx={{ mt: 4 }}>
          <HeadSizeRuleForm project={project.data} />
        </Box>
      )}
    </Page>
  );
}

/** One of the review's filters: a small select, "any" first when the filter may be left open. */
function ReviewFilter(props: {
  label: string;
  value: string;
  /** The words of the empty choice, for a filter that may be left open. */
  any?: string;
  /** [value, words] of each choice. */
  choices: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
  minWidth: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      sx={{ minWidth: props.minWidth }}
    >
      {props.any !== undefined && <MenuItem value="">{props.any}</MenuItem>}
      {props.choices.map(([value, words]) => (
        <MenuItem key={value} value={value}>
          {words}
        </MenuItem>
      ))}
    </TextField>
  );
}
