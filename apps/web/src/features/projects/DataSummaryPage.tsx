import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { type ProjectDataSummary, useProjectDataSummary } from '../../api/projects';
import { useProjectId } from '../../app/routes';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { SectionCard } from '../../components/Section';
import { DetailList } from '../organizations/DetailList';

/** Printing shows the summary alone: no app bar, sidebar, project subnav or buttons, no sidebar offset. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'header, nav, .MuiDrawer-root, .MuiAppBar-root, .MuiToolbar-root, [data-print="hide"]': {
          display: 'none !important',
        },
        'main, #main-content': { margin: '0 !important', width: '100% !important' },
        '.MuiCard-root': { breakInside: 'avoid', boxShadow: 'none' },
      },
    }}
  />
);

const day = (iso: string | null, none: string) => (iso ? new Date(iso).toLocaleDateString() : none);

function Summary({ summary }: { summary: ProjectDataSummary }) {
  const { t } = useTranslation();
  const count = (key: string, label: string, value: number) => ({
    key,
    label,
    value: <span data-testid={`data-summary-${key}`}>{value}</span>,
  });
  return (
    <Stack spacing={2} data-testid="data-summary">
      <Typography color="text.secondary">
        {t('data-summary.intro', { name: summary.project_name, organization: summary.organization_name })}
      </Typography>
      <SectionCard id="data-summary-counts" title={t('data-summary.counts')}>
        <DetailList
          rows={[
            count('subjects', t('data-summary.subjects'), summary.counts.subjects),
            count('photos', t('data-summary.photos'), summary.counts.photos),
            count('files', t('data-summary.files'), summary.counts.files),
            count('exports', t('data-summary.exports'), summary.counts.exports),
            count('renders', t('data-summary.renders'), summary.counts.renders),
          ]}
        />
      </SectionCard>
      <SectionCard id="data-summary-fields" title={t('data-summary.fields')}>
        {summary.field_names.length === 0 ? (
          <Typography>{t('data-summary.no-fields')}</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="data-summary-fields">
            {summary.field_names.map((name, i) => (
              // Two fields may share a label.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is static and ordered
              <li key={`${i}-${name}`}>{name}</li>
            ))}
          </Box>
        )}
        {summary.hidden_fields_count > 0 && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('data-summary.hidden-fields', { count: summary.hidden_fields_count })}
          </Typography>
        )}
      </SectionCard>
      <SectionCard id="data-summary-storage" title={t('data-summary.storage')}>
        <Typography data-testid="data-summary-storage">{summary.storage.description}</Typography>
      </SectionCard>
      <SectionCard id="data-summary-retention" title={t('data-summary.retention')}>
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          <li>{t('data-summary.export-retention', { count: summary.retention.export_retention_days })}</li>
          <li>{t('data-summary.render-retention', { count: summary.retention.render_retention_days })}</li>
          <li>{t('data-summary.audit-retention', { count: summary.retention.audit_retention_days })}</li>
          <li>
            {t('data-summary.guardian-retention', { count: summary.retention.guardian_retention_days })}
          </li>
          <li>{t('data-summary.walk-up-retention', { count: summary.retention.walk_up_retention_days })}</li>
        </Box>
        <Typography sx={{ mt: 1 }}>{t('data-summary.deletion')}</Typography>
      </SectionCard>
      <SectionCard id="data-summary-records" title={t('data-summary.records')}>
        <DetailList
          rows={[
            {
              key: 'created',
              label: t('data-summary.created'),
              value: day(summary.project_created_at, t('data-summary.none')),
            },
            {
              key: 'oldest',
              label: t('data-summary.oldest'),
              value: day(summary.oldest_record_at, t('data-summary.none')),
            },
            {
              key: 'newest',
              label: t('data-summary.newest'),
              value: day(summary.newest_record_at, t('data-summary.none')),
            },
          ]}
        />
      </SectionCard>
    </Stack>
  );
}

/** What the portal holds about one project, for a school's privacy office: readable and printable. */
export function DataSummaryPage() {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const summary = useProjectDataSummary(projectId);
  return (
    <Page title={t('data-summary.title')}>
      {printStyles}
      <Box data-print="hide" sx={{ mb: 2 }}>
        <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {t('data-summary.print')}
        </Button>
      </Box>
      <QueryState query={summary} errorMessage={t('data-summary.load-failed')}>
        {(data) => <Summary summary={data} />}
      </QueryState>
    </Page>
  );
}
