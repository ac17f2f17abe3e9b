import Button from '@mui/material/Button';
import Pagination from '@mui/material/Pagination';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { formatFieldMessage } from '@school-portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadSkippedRows, useProjectImports } from '../../api/subjectImports';
import { SubHeading } from '../../components/SubHeading';
import { ListTable } from '../../components/table/ListTable';

/** The project's roster imports, newest first, with each one's outcome. */
export function ImportHistory({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const imports = useProjectImports(projectId, page);
  if (!imports.data || imports.data.subject_imports.length === 0) return null;
  const { subject_imports: rows, meta } = imports.data;
  return (
    <>
      <SubHeading gutterBottom>{t('roster.history.heading')}</SubHeading>
      <ListTable
        size="small"
        label={t('roster.history.heading')}
        columns={[
          t('roster.history.file'),
          t('roster.history.started'),
          t('roster.history.status'),
          t('roster.history.outcome'),
          { ariaLabel: t('roster.history.actions') },
        ]}
        rows={rows}
      >
        {(imp) => (
          <TableRow key={imp.id} data-testid="import-history-row">
            <TableCell>{imp.upload_file_name}</TableCell>
            <TableCell>
              <time dateTime={imp.created_at}>{new Date(imp.created_at).toLocaleString()}</time>
            </TableCell>
            <TableCell>{t(`roster.history.states.${imp.status}`)}</TableCell>
            <TableCell>
              {imp.report
                ? t(imp.report.deleted ? 'roster.history.report-deleted' : 'roster.history.report', {
                    ...imp.report,
                  })
                : imp.failure
                  ? formatFieldMessage(imp.failure)
                  : ''}
            </TableCell>
            <TableCell align="right">
              {!!imp.report?.skipped && (
                <Button size="small" onClick={() => void downloadSkippedRows(imp)}>
                  {t('roster.history.skipped-rows')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        )}
      </ListTable>
      {meta.total > meta.limit && (
        <Pagination
          sx={{ mt: 1 }}
          count={Math.ceil(meta.total / meta.limit)}
          page={page}
          onChange={(_, p) => setPage(p)}
        />
      )}
    </>
  );
}
