import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type PhotoBatch, usePhotoBatches } from '../../api/picture-day';
import { useCan } from '../../app/can';
import { routePath, useProjectId } from '../../app/routes';
import { formatDateTime } from '../../components/format';
import { MessagePage, Page } from '../../components/Page';
import { QueryListTable } from '../../components/table/ListTable';
import { useBatchLabels } from './labels';
import { NewBatchForm } from './NewBatchForm';

/** Upload Picture Day: the project's photo batches, and a new one. */
export function PictureDayPage() {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const can = useCan();
  const batches = usePhotoBatches(projectId, can('photo-batch.list'));
  const [creating, setCreating] = useState(false);
  // Schools don't run batches (the API answers 403): say so instead of a failed load.
  if (can.ready && !can('photo-batch.list')) {
    return <MessagePage title={t('picture-day.title')} message={t('picture-day.not-allowed')} />;
  }
  return (
    <Page
      title={t('picture-day.title')}
      actions={
        can('photo-batch.create') &&
        !creating && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('picture-day.new-batch')}
          </Button>
        )
      }
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('picture-day.intro')}
      </Typography>
      {creating && <NewBatchForm projectId={projectId} onCancel={() => setCreating(false)} />}
      <QueryListTable
        query={batches}
        errorMessage={t('picture-day.list.load-failed')}
        emptyMessage={t('picture-day.list.empty')}
        rowsOf={(list) => list}
        label={t('picture-day.list.label')}
        columns={[
          t('picture-day.list.name'),
          t('picture-day.list.match-by'),
          t('picture-day.list.state'),
          { label: t('picture-day.list.photos'), align: 'right' },
          { label: t('picture-day.list.matched'), align: 'right' },
          { label: t('picture-day.list.unmatched'), align: 'right' },
          t('picture-day.list.created'),
        ]}
      >
        {(batch) => <BatchRow key={batch.id} projectId={projectId} batch={batch} />}
      </QueryListTable>
    </Page>
  );
}

function BatchRow({ projectId, batch }: { projectId: string; batch: PhotoBatch }) {
  const labels = useBatchLabels();
  return (
    <TableRow data-testid="photo-batch-row">
      <TableCell>
        <Link
          component={RouterLink}
          to={routePath('project.picture-day.batch', { projectId, batchId: batch.id })}
        >
          {batch.name}
        </Link>
      </TableCell>
      <TableCell>{labels.matchBy(batch.match_by)}</TableCell>
      <TableCell>{labels.state(batch.state)}</TableCell>
      <TableCell align="right">{batch.counts.photos}</TableCell>
      <TableCell align="right">{batch.counts.matched}</TableCell>
      <TableCell align="right">
        {batch.counts.unmatched + batch.counts.ambiguous + batch.counts.not_uploaded}
      </TableCell>
      <TableCell>{formatDateTime(batch.created_at)}</TableCell>
    </TableRow>
  );
}
