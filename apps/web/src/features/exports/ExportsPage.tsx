import MoreVertIcon from '@mui/icons-material/MoreVert';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { formatFieldErrors } from '@school-portal/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { type ExportFormat, exportFormatRef, useProjectExportFormats } from '../../api/exportFormats';
import {
  downloadProjectExport,
  type ProjectExport,
  useDeleteProjectExport,
  useProjectExports,
} from '../../api/projectExports';
import { useCan } from '../../app/can';
import { routePath, useProjectId } from '../../app/routes';
import { DeleteRecordDialog } from '../../components/ConfirmDeleteDialog';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { ListTable } from '../../components/table/ListTable';
import { useSetSearchParam } from '../../components/useSetSearchParam';
import { formatAbsolute, useNow } from '../users/relativeTime';
import { DeleteExportFormatDialog, useExportDeleteLabels } from './DeleteExportFormatDialog';
import { ExportStatus, projectExportRef } from './ExportStatus';

const TABS = ['downloads', 'standard', 'custom'] as const;
type TabName = (typeof TABS)[number];

/** The format dropdown with Download, and the advanced-options menu (exports §2). */
function FormatPicker({ projectId, formats }: { projectId: string; formats: ExportFormat[] }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const setParam = useSetSearchParam();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const selected = params.get('selectedFormatId') ?? '';
  return (
    // On a phone the buttons wrap under the dropdown rather than widen the page.
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
      <TextField
        select
        size="small"
        label={t('exports.format-select')}
        value={formats.some((f) => f.id === selected) ? selected : ''}
        onChange={(event) => setParam('selectedFormatId', event.target.value, { replace: true })}
        sx={{ minWidth: { xs: 0, sm: 280 }, flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
      >
        {formats.map((f) => (
          <MenuItem key={f.id} value={f.id}>
            {f.name}
          </MenuItem>
        ))}
      </TextField>
      {/* Download starts the export wizard for the chosen format. */}
      <Button
        variant="contained"
        disabled={!formats.some((f) => f.id === selected)}
        component={Link}
        to={routePath('project.export.run', { projectId, formatId: selected || '_' })}
      >
        {t('exports.download')}
      </Button>
      <IconButton aria-label={t('exports.advanced-options')} onClick={(e) => setMenu(e.currentTarget)}>
        <MoreVertIcon />
      </IconButton>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem component={Link} to={routePath('project.export-formats.new', { projectId })}>
          {t('exports.create-custom')}
        </MenuItem>
      </Menu>
    </Stack>
  );
}

/** A row's buttons, side by side at the right end of its last cell. */
function RowActions({ children }: { children: ReactNode }) {
  return (
    <TableCell align="right">
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {children}
      </Stack>
    </TableCell>
  );
}

/** A row's red Delete button, its accessible name naming the record. */
function DeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button size="small" color="error" aria-label={label} onClick={onClick}>
      {t('exports.formats.delete')}
    </Button>
  );
}

/** The Downloads tab (exports §2, §4): the project's exports with their progress, newest first. */
function Downloads({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const [params] = useSearchParams();
  const setParam = useSetSearchParam();
  // Auto Refresh is on unless `poll=false`.
  const auto = params.get('poll') !== 'false';
  const [page, setPage] = useState(1);
  const exports = useProjectExports(projectId, page, auto);
  const now = useNow(1000, auto);
  const [deleting, setDeleting] = useState<ProjectExport | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const remove = useDeleteProjectExport(projectId);
  const deleteLabels = useExportDeleteLabels();

  const setAuto = (on: boolean) => setParam('poll', on ? 'true' : 'false', { replace: true });

  const body = (
    <QueryState
      query={exports}
      errorMessage={t('exports.downloads.load-failed')}
      isEmpty={(data) => data.project_exports.length === 0}
      emptyMessage={t('exports.downloads.empty')}
    >
      {(data) => (
        <ListTable
          label={t('exports.downloads.label')}
          columns={[
            t('exports.downloads.format'),
            { label: t('exports.downloads.subjects'), align: 'right' },
            t('exports.downloads.date'),
            t('exports.downloads.created-by'),
            t('exports.downloads.status'),
            t('exports.downloads.expires'),
            { label: t('exports.downloads.actions'), align: 'right' },
          ]}
          rows={data.project_exports}
          paging={{ meta: data.meta, onPage: setPage, disabled: exports.isPlaceholderData }}
        >
          {(e) => {
            const creator = e.created_by_user;
            return (
              <TableRow key={e.id} data-testid="project-export-row">
                <TableCell component="th" scope="row">
                  {e.project_export_format_name}
                </TableCell>
                <TableCell align="right">{e.subjects_count}</TableCell>
                <TableCell>{formatAbsolute(e.created_at)}</TableCell>
                <TableCell>
                  {!creator || creator.deleted_at ? t('exports.formats.deleted-user') : creator.name}
                </TableCell>
                <TableCell>
                  <ExportStatus projectExport={e} now={now} />
                </TableCell>
                <TableCell>
                  {e.expired_at
                    ? t('exports.downloads.expired')
                    : e.expires_at
                      ? formatAbsolute(e.expires_at)
                      : ''}
                </TableCell>
                <RowActions>
                  {e.download_path && (
                    <Button
                      size="small"
                      aria-label={t('exports.downloads.download-label', {
                        name: e.project_export_format_name,
                      })}
                      onClick={() => {
                        setDownloadFailed(false);
                        downloadProjectExport(e.id).catch(() => setDownloadFailed(true));
                      }}
                    >
                      {t('exports.download')}
                    </Button>
                  )}
                  {can('project-export.delete', projectExportRef(e)) && (
                    <DeleteButton
                      label={t('exports.downloads.delete-label', { name: e.project_export_format_name })}
                      onClick={() => setDeleting(e)}
                    />
                  )}
                </RowActions>
              </TableRow>
            );
          }}
        </ListTable>
      )}
    </QueryState>
  );

  return (
    <>
      <FormControlLabel
        control={<Checkbox checked={auto} onChange={(e) => setAuto(e.target.checked)} />}
        label={t('exports.downloads.auto-refresh')}
      />
      {downloadFailed && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {t('exports.downloads.download-failed')}
        </Alert>
      )}
      {body}
      <DeleteRecordDialog
        {...deleteLabels}
        record={deleting}
        remove={remove}
        text={(shown) =>
          t('exports.downloads.delete-text', { name: shown?.project_export_format_name ?? '' })
        }
        failed={(error) => deleteError(error, t('exports.downloads.delete-failed'))}
        deleted={() => t('exports.downloads.deleted')}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

/** A 409 (still running) says why in its own words; anything else gets the general message. */
function deleteError(error: unknown, fallback: string): string {
  if (isApiError(error, 409)) {
    const messages = Object.values(formatFieldErrors(error.fieldErrors ?? {}));
    if (messages.length > 0) return messages.join(' ');
  }
  return fallback;
}

function contentsKey(format: ExportFormat) {
  if (format.include_data && format.include_images) return 'exports.formats.data-and-images' as const;
  if (format.include_data) return 'exports.formats.data-only' as const;
  if (format.include_images) return 'exports.formats.images-only' as const;
  return 'exports.formats.nothing' as const;
}

interface FormatTableProps {
  projectId: string;
  formats: ExportFormat[];
  custom: boolean;
  onDelete: (format: ExportFormat) => void;
}

/** One format's row: its name and contents (for custom ones also organization and creator), its actions. */
function FormatRow({
  projectId,
  format,
  custom,
  onDelete,
}: Omit<FormatTableProps, 'formats'> & { format: ExportFormat }) {
  const { t } = useTranslation();
  const can = useCan();
  const ref = exportFormatRef(format);
  const formatId = format.id;
  // Download (run) for everyone; Edit and Copy as the format's policies allow.
  const linkActions = [
    {
      allowed: true,
      to: routePath('project.export.run', { projectId, formatId }),
      label: t('exports.download'),
      ariaLabel: t('exports.formats.download-label', { name: format.name }),
    },
    {
      allowed: can('export-format.update', ref),
      to: routePath('project.export-format.edit', { projectId, formatId }),
      label: t('exports.formats.edit'),
      ariaLabel: t('exports.formats.edit-label', { name: format.name }),
    },
    {
      allowed: can('export-format.copy', ref),
      to: routePath('project.export-format.copy', { projectId, formatId }),
      label: t('exports.formats.copy'),
      ariaLabel: t('exports.formats.copy-label', { name: format.name }),
    },
  ];
  return (
    <TableRow data-testid="export-format-row">
      <TableCell component="th" scope="row">
        {format.name}
      </TableCell>
      <TableCell>{t(contentsKey(format))}</TableCell>
      {custom && <TableCell>{format.organization_name}</TableCell>}
      {custom && (
        <TableCell>
          {format.created_by_user_deleted
            ? t('exports.formats.deleted-user')
            : (format.created_by_user_name ?? '')}
        </TableCell>
      )}
      <RowActions>
        {linkActions
          .filter((action) => action.allowed)
          .map((action) => (
            <Button
              key={action.label}
              size="small"
              component={Link}
              to={action.to}
              aria-label={action.ariaLabel}
            >
              {action.label}
            </Button>
          ))}
        {can('export-format.delete', ref) && (
          <DeleteButton
            label={t('exports.formats.delete-label', { name: format.name })}
            onClick={() => onDelete(format)}
          />
        )}
      </RowActions>
    </TableRow>
  );
}

function FormatTable({ projectId, formats, custom, onDelete }: FormatTableProps) {
  const { t } = useTranslation();
  return (
    <ListTable
      label={t(custom ? 'exports.formats.custom-label' : 'exports.formats.standard-label')}
      columns={[
        t('exports.formats.name'),
        t('exports.formats.contents'),
        ...(custom ? [t('exports.formats.organization'), t('exports.formats.created-by')] : []),
        { label: t('exports.formats.actions'), align: 'right' },
      ]}
      rows={formats}
      emptyMessage={t(custom ? 'exports.formats.custom-empty' : 'exports.formats.standard-empty')}
    >
      {(format) => (
        <FormatRow
          key={format.id}
          projectId={projectId}
          format={format}
          custom={custom}
          onDelete={onDelete}
        />
      )}
    </ListTable>
  );
}

/**
 * The exports index (exports §2): the format dropdown with Download, "Create a custom export format",
 * and the Downloads, Standard Formats and Custom Formats tabs (query parameter `tab`, default downloads).
 */
export function ExportsPage() {
  const { t } = useTranslation();
  const projectId = useProjectId();
  const [params] = useSearchParams();
  const setParam = useSetSearchParam();
  const formats = useProjectExportFormats(projectId);
  const [deleting, setDeleting] = useState<ExportFormat | null>(null);
  const requested = params.get('tab');
  const tab: TabName = TABS.includes(requested as TabName) ? (requested as TabName) : 'downloads';

  return (
    <Page title={t('exports.title')}>
      {formats.data && <FormatPicker projectId={projectId} formats={formats.data} />}
      <Tabs
        value={tab}
        aria-label={t('exports.tabs.label')}
        onChange={(_e, value: TabName) => setParam('tab', value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`exports.tabs.${name}`)} />
        ))}
      </Tabs>
      <QueryState query={formats} errorMessage={t('exports.load-failed')}>
        {(data) =>
          tab === 'downloads' ? (
            <Downloads projectId={projectId} />
          ) : (
            <FormatTable
              projectId={projectId}
              custom={tab === 'custom'}
              formats={data.filter((f) => (tab === 'custom' ? f.is_custom : f.is_global))}
              onDelete={setDeleting}
            />
          )
        }
      </QueryState>
      <DeleteExportFormatDialog format={deleting} onClose={() => setDeleting(null)} />
    </Page>
  );
}
