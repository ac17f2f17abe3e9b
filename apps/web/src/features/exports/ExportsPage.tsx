import MoreVertIcon from '@mui/icons-material/MoreVert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { can } from '@school-portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { type ExportFormat, exportFormatRef, useProjectExportFormats } from '../../api/exportFormats';
import { useSessionAbilities } from '../../api/sessionAbilities';
import { routePath } from '../../app/routes';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { DeleteExportFormatDialog } from './DeleteExportFormatDialog';

const TABS = ['downloads', 'standard', 'custom'] as const;
type TabName = (typeof TABS)[number];

/** The format dropdown with Download, and the advanced-options menu (exports §2). */
function FormatPicker({ projectId, formats }: { projectId: string; formats: ExportFormat[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const selected = params.get('selectedFormatId') ?? '';
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
      <TextField
        select
        size="small"
        label={t('exports.format-select')}
        value={formats.some((f) => f.id === selected) ? selected : ''}
        onChange={(event) =>
          setParams(
            (p) => {
              p.set('selectedFormatId', event.target.value);
              return p;
            },
            { replace: true },
          )
        }
        sx={{ minWidth: 280 }}
      >
        {formats.map((f) => (
          <MenuItem key={f.id} value={f.id}>
            {f.name}
          </MenuItem>
        ))}
      </TextField>
      {/* The export wizard (runs) arrives with the project exports; until then Download waits. */}
      <Tooltip title={t('exports.download-later')}>
        <span>
          <Button variant="contained" disabled>
            {t('exports.download')}
          </Button>
        </span>
      </Tooltip>
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

function Downloads() {
  const { t } = useTranslation();
  const [auto, setAuto] = useState(true);
  return (
    <>
      <FormControlLabel
        control={<Checkbox checked={auto} onChange={(e) => setAuto(e.target.checked)} />}
        label={t('exports.downloads.auto-refresh')}
      />
      <EmptyState message={t('exports.downloads.empty')} />
    </>
  );
}

function contentsKey(format: ExportFormat) {
  if (format.include_data && format.include_images) return 'exports.formats.data-and-images' as const;
  if (format.include_data) return 'exports.formats.data-only' as const;
  if (format.include_images) return 'exports.formats.images-only' as const;
  return 'exports.formats.nothing' as const;
}

function FormatTable({
  projectId,
  formats,
  custom,
  onDelete,
}: {
  projectId: string;
  formats: ExportFormat[];
  custom: boolean;
  onDelete: (format: ExportFormat) => void;
}) {
  const { t } = useTranslation();
  const abilities = useSessionAbilities();
  if (formats.length === 0) {
    return (
      <EmptyState message={t(custom ? 'exports.formats.custom-empty' : 'exports.formats.standard-empty')} />
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table aria-label={t(custom ? 'exports.formats.custom-label' : 'exports.formats.standard-label')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('exports.formats.name')}</TableCell>
            <TableCell>{t('exports.formats.contents')}</TableCell>
            {custom && <TableCell>{t('exports.formats.organization')}</TableCell>}
            {custom && <TableCell>{t('exports.formats.created-by')}</TableCell>}
            <TableCell align="right">{t('exports.formats.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {formats.map((format) => {
            const ref = exportFormatRef(format);
            return (
              <TableRow key={format.id} data-testid="export-format-row">
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
                <TableCell align="right">
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                    <Tooltip title={t('exports.download-later')}>
                      <span>
                        <Button
                          size="small"
                          disabled
                          aria-label={t('exports.formats.download-label', { name: format.name })}
                        >
                          {t('exports.download')}
                        </Button>
                      </span>
                    </Tooltip>
                    {can(abilities, 'export-format.update', ref) && (
                      <Button
                        size="small"
                        component={Link}
                        to={routePath('project.export-format.edit', { projectId, formatId: format.id })}
                        aria-label={t('exports.formats.edit-label', { name: format.name })}
                      >
                        {t('exports.formats.edit')}
                      </Button>
                    )}
                    {can(abilities, 'export-format.copy', ref) && (
                      <Button
                        size="small"
                        component={Link}
                        to={routePath('project.export-format.copy', { projectId, formatId: format.id })}
                        aria-label={t('exports.formats.copy-label', { name: format.name })}
                      >
                        {t('exports.formats.copy')}
                      </Button>
                    )}
                    {can(abilities, 'export-format.delete', ref) && (
                      <Button
                        size="small"
                        color="error"
                        aria-label={t('exports.formats.delete-label', { name: format.name })}
                        onClick={() => onDelete(format)}
                      >
                        {t('exports.formats.delete')}
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * The exports index (exports §2): the format dropdown with Download, "Create a custom export format",
 * and the Downloads, Standard Formats and Custom Formats tabs (query parameter `tab`, default downloads).
 */
export function ExportsPage() {
  const { t } = useTranslation();
  const { projectId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const formats = useProjectExportFormats(projectId);
  const [deleting, setDeleting] = useState<ExportFormat | null>(null);
  const requested = params.get('tab');
  const tab: TabName = TABS.includes(requested as TabName) ? (requested as TabName) : 'downloads';

  let content: React.ReactNode;
  if (formats.isPending) content = <LoadingScreen />;
  else if (formats.isError)
    content = <ErrorState message={t('exports.load-failed')} onRetry={() => void formats.refetch()} />;
  else if (tab === 'downloads') content = <Downloads />;
  else
    content = (
      <FormatTable
        projectId={projectId}
        custom={tab === 'custom'}
        formats={formats.data.filter((f) => (tab === 'custom' ? f.is_custom : f.is_global))}
        onDelete={setDeleting}
      />
    );

  return (
    <Page title={t('exports.title')}>
      {formats.data && <FormatPicker projectId={projectId} formats={formats.data} />}
      <Tabs
        value={tab}
        aria-label={t('exports.tabs.label')}
        onChange={(_e, value: TabName) =>
          setParams((p) => {
            p.set('tab', value);
            return p;
          })
        }
        sx={{ mb: 2 }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`exports.tabs.${name}`)} />
        ))}
      </Tabs>
      {content}
      <DeleteExportFormatDialog format={deleting} onClose={() => setDeleting(null)} />
    </Page>
  );
}
