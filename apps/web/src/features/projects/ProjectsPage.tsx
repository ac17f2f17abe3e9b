import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import PeopleIcon from '@mui/icons-material/People';
import PrintIcon from '@mui/icons-material/Print';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Abilities } from '@school-portal/domain';
import { type ReactNode, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import {
  type OrganizationOption,
  type ProjectRecord,
  useOrganizationProjects,
  useProjectOrganizationOptions,
} from '../../api/projects';
import { currentSeasonOf, type Season, useSeasons } from '../../api/seasons';
import { useSessionAbilities } from '../../api/sessionAbilities';
import { useCan } from '../../app/can';
import { ROUTES, routePath } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { compareText } from '../../components/format';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { RouterLink } from '../../components/RouterLink';
import { ActionsCell } from '../../components/table/ActionsCell';
import { ROW_HEIGHT, useVirtualRows, VISIBLE_ROWS } from '../../components/table/useVirtualRows';

const SORT_KEYS = ['created_at', 'name', 'organization_name', 'season_name', 'subjects_count'] as const;
type SortKey = (typeof SORT_KEYS)[number];
interface Sort {
  key: SortKey;
  direction: 'asc' | 'desc';
}
/** Spec §9: newest first. */
const DEFAULT_SORT: Sort = { key: 'created_at', direction: 'desc' };

function parseSort(value: string | null): Sort {
  if (!value) return DEFAULT_SORT;
  const direction = value.startsWith('-') ? 'desc' : 'asc';
  const key = value.replace(/^-/, '') as SortKey;
  return SORT_KEYS.includes(key) ? { key, direction } : DEFAULT_SORT;
}
const sortParam = (sort: Sort) => `${sort.direction === 'desc' ? '-' : ''}${sort.key}`;

/** Season filter values: any, none, or a season id (spec §4: any, none, current). */
const ANY = 'any';
const NONE = 'none';

function sortProjects(projects: ProjectRecord[], sort: Sort): ProjectRecord[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const value = (p: ProjectRecord): string | number | null => {
    if (sort.key === 'subjects_count') return p.subjects_count;
    if (sort.key === 'created_at') return p.created_at;
    if (sort.key === 'name') return p.name;
    if (sort.key === 'organization_name') return p.organization_name;
    return p.season_name;
  };
  return [...projects].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    // Projects without the value (no season) stay at the end either way.
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    const order =
      typeof x === 'number' || typeof y === 'number'
        ? Number(x) - Number(y)
        : sort.key === 'created_at'
          ? x.localeCompare(y)
          : compareText(x, y);
    // Ties: newest first.
    return order !== 0 ? sign * order : b.created_at.localeCompare(a.created_at);
  });
}

interface SeasonOption {
  id: string;
  name: string;
  current: boolean;
}

/**
 * The organizations of the listed projects: the filter's options for studio or lab staff, who may filter
 * by organization but not read the organization lists.
 */
function projectOrganizationOptions(projects: ProjectRecord[]): OrganizationOption[] {
  const byId = new Map<string, OrganizationOption>();
  for (const p of projects) {
    if (byId.has(p.organization_id)) continue;
    byId.set(p.organization_id, {
      id: p.organization_id,
      name: p.organization_name,
      role: '',
      short_code: null,
      parent_organization_id: null,
      parent_organization_name: null,
    });
  }
  return [...byId.values()].sort((a, b) => compareText(a.name, b.name));
}

/** The seasons to filter by: those the organization can use, plus any other a listed project has. */
function seasonOptions(seasons: Season[], projects: ProjectRecord[], current: Season | null): SeasonOption[] {
  const options: SeasonOption[] = seasons.map((s) => ({
    id: s.id,
    name: s.name,
    current: s.id === current?.id,
  }));
  const known = new Set(options.map((o) => o.id));
  for (const p of projects) {
    if (p.season_id && !known.has(p.season_id)) {
      known.add(p.season_id);
      options.push({ id: p.season_id, name: p.season_name ?? p.season_id, current: false });
    }
  }
  return options;
}

export function ProjectsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const abilities = useSessionAbilities();
  const organization = user.current_account?.organization ?? null;
  const projects = useOrganizationProjects(organization?.id);
  const seasons = useSeasons(organization?.id);
  // Ask for the organization list only when the caller may read it (as the sidebar decides).
  const can = useCan();
  const readsOrganizations = can('organization.list-children');
  const organizations = useProjectOrganizationOptions(
    organization,
    abilities.canSelectProjectOrganization && readsOrganizations,
  );
  const [params, setParams] = useSearchParams();

  const actions = can('project.create') ? (
    <Button component={Link} to={ROUTES['projects.new']} variant="contained" startIcon={<AddIcon />}>
      {t('projects.new')}
    </Button>
  ) : undefined;

  if (projects.isPending || (seasons.isPending && seasons.fetchStatus !== 'idle')) {
    return (
      <Page title={t('projects.heading')} actions={actions}>
        <LoadingScreen />
      </Page>
    );
  }
  if (projects.isError) {
    return (
      <Page title={t('projects.heading')} actions={actions}>
        <ErrorState message={t('projects.load-failed')} onRetry={() => void projects.refetch()} />
      </Page>
    );
  }

  // Spec §2: with exactly one project, anyone but a studio or lab manager goes straight into it.
  const only = projects.data.length === 1 ? projects.data[0] : undefined;
  if (only && !abilities.isStudioOrLabManager) {
    return <Navigate to={routePath('project.index', { projectId: only.id })} replace />;
  }

  const seasonList = seasons.data ?? [];
  const current = currentSeasonOf(
    seasonList,
    organization?.id,
    organization?.parent_organization_id ?? user.current_account?.organization.parent_organization_id,
  );
  // Spec §2: the season filter defaults to the current season if any project has that season name.
  const defaultSeason =
    current && projects.data.some((p) => p.season_name === current.name) ? current.id : ANY;

  const update = (changes: Record<string, string | null>) => {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Page title={t('projects.heading')} actions={actions}>
      <ProjectList
        projects={projects.data}
        seasons={seasonOptions(seasonList, projects.data, current)}
        season={params.get('season') ?? defaultSeason}
        organizations={
          readsOrganizations ? (organizations.data ?? []) : projectOrganizationOptions(projects.data)
        }
        organizationId={abilities.canSelectProjectOrganization ? (params.get('organization') ?? '') : ''}
        keyword={params.get('q') ?? ''}
        sort={parseSort(params.get('sort'))}
        abilities={abilities}
        onSeason={(value) => update({ season: value })}
        onOrganization={(value) => update({ organization: value || null })}
        onKeyword={(value) => update({ q: value || null })}
        onSort={(value) =>
          update({ sort: value.key === 'created_at' && value.direction === 'desc' ? null : sortParam(value) })
        }
      />
    </Page>
  );
}

interface ProjectListProps {
  projects: ProjectRecord[];
  seasons: SeasonOption[];
  season: string;
  organizations: OrganizationOption[];
  organizationId: string;
  keyword: string;
  sort: Sort;
  abilities: Abilities;
  onSeason: (value: string) => void;
  onOrganization: (value: string) => void;
  onKeyword: (value: string) => void;
  onSort: (value: Sort) => void;
}

function ProjectList(props: ProjectListProps) {
  const { t } = useTranslation();
  const { projects, sort, abilities } = props;
  const keyword = useDeferredValue(props.keyword);

  // A season or organization in the address that is not (or no longer) an option counts as "any".
  const seasonOptions = props.seasons;
  const season =
    props.season === ANY || props.season === NONE || seasonOptions.some((s) => s.id === props.season)
      ? props.season
      : ANY;
  const organizationOptions = props.organizations;
  const organizationId =
    organizationOptions.length === 0 || organizationOptions.some((o) => o.id === props.organizationId)
      ? props.organizationId
      : '';
  const organizationShown = organizationOptions.some((o) => o.id === organizationId) ? organizationId : '';

  const visible = useMemo(() => {
    const needle = keyword.trim().toLowerCase();
    const filtered = projects.filter((p) => {
      if (season === NONE ? p.season_id !== null : season !== ANY && p.season_id !== season) return false;
      if (organizationId && p.organization_id !== organizationId) return false;
      if (needle) {
        const haystack = `${p.name} ${p.short_code ?? ''}`.toLowerCase();
        if (!haystack.includes(needle)) return false;
      }
      return true;
    });
    return sortProjects(filtered, sort);
  }, [projects, season, organizationId, keyword, sort]);

  let content: ReactNode;
  if (visible.length === 0) {
    content = <EmptyState message={season !== ANY ? t('projects.empty-season') : t('projects.empty')} />;
  } else {
    content = <ProjectTable projects={visible} sort={sort} onSort={props.onSort} abilities={abilities} />;
  }

  return (
    <>
      <Box
        role="search"
        aria-label={t('projects.filters')}
        sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start', mb: 1 }}
      >
        <TextField
          select
          id="projects-season"
          label={t('projects.season')}
          value={season}
          onChange={(event) => props.onSeason(event.target.value)}
          margin="none"
          sx={{ minWidth: 200, flex: '1 1 200px' }}
        >
          <MenuItem value={ANY}>{t('projects.season-any')}</MenuItem>
          <MenuItem value={NONE}>{t('projects.season-none')}</MenuItem>
          {seasonOptions.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.current ? t('projects.season-current', { name: s.name }) : s.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          id="projects-organization"
          label={t('projects.organization')}
          value={organizationShown}
          onChange={(event) => props.onOrganization(event.target.value)}
          disabled={!abilities.canSelectProjectOrganization}
          margin="none"
          sx={{ minWidth: 200, flex: '1 1 200px' }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('projects.organization-any')}</MenuItem>
          {organizationOptions.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          id="projects-keyword"
          type="search"
          label={t('projects.keyword')}
          placeholder={t('projects.keyword-placeholder')}
          value={props.keyword}
          onChange={(event) => props.onKeyword(event.target.value)}
          margin="none"
          sx={{ minWidth: 200, flex: '2 1 240px' }}
        />
      </Box>
      <Typography
        variant="body2"
        color="text.secondary"
        role="status"
        data-testid="projects-count"
        sx={{ mb: 1 }}
      >
        {t('projects.count', { count: visible.length })}
      </Typography>
      {content}
    </>
  );
}

interface ProjectTableProps {
  projects: ProjectRecord[];
  sort: Sort;
  onSort: (sort: Sort) => void;
  abilities: Abilities;
}

function ProjectTable({ projects, sort, onSort, abilities }: ProjectTableProps) {
  const { t } = useTranslation();
  const rows = useVirtualRows(projects.length, projects);

  const header = (key: SortKey, label: string, align?: 'right') => {
    const active = sort.key === key;
    return (
      <TableCell align={align} sortDirection={active ? sort.direction : false}>
        <TableSortLabel
          active={active}
          direction={active ? sort.direction : 'asc'}
          onClick={() => onSort({ key, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' })}
        >
          {label}
        </TableSortLabel>
      </TableCell>
    );
  };

  return (
    <Paper variant="outlined">
      <TableContainer
        ref={rows.ref}
        sx={{ maxHeight: ROW_HEIGHT * (VISIBLE_ROWS + 1) }}
        data-testid="projects-scroll"
      >
        <Table stickyHeader aria-label={t('projects.table')} aria-rowcount={projects.length + 1}>
          <TableHead>
            <TableRow aria-rowindex={1} sx={{ height: ROW_HEIGHT }}>
              {header('name', t('projects.project'))}
              {header('organization_name', t('projects.organization'))}
              {header('season_name', t('projects.season'))}
              {header('subjects_count', t('projects.subjects'), 'right')}
              <ActionsCell header>{t('projects.actions')}</ActionsCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.paddingTop > 0 && (
              <TableRow aria-hidden="true" sx={{ height: rows.paddingTop }}>
                <TableCell colSpan={5} sx={{ p: 0, border: 0 }} />
              </TableRow>
            )}
            {projects.slice(rows.start, rows.end).map((project, i) => (
              <ProjectRow
                key={project.id}
                project={project}
                rowIndex={rows.start + i + 2}
                abilities={abilities}
              />
            ))}
            {rows.paddingBottom > 0 && (
              <TableRow aria-hidden="true" sx={{ height: rows.paddingBottom }}>
                <TableCell colSpan={5} sx={{ p: 0, border: 0 }} />
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

function ProjectRow({
  project,
  rowIndex,
  abilities,
}: {
  project: ProjectRecord;
  rowIndex: number;
  abilities: Abilities;
}) {
  const { t } = useTranslation();
  const projectId = project.id;
  const cell = { py: 0, height: ROW_HEIGHT, boxSizing: 'border-box' } as const;
  const action = (label: string, to: string, icon: ReactNode) => (
    <Tooltip title={label}>
      <IconButton component={Link} to={to} aria-label={label} size="small">
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <TableRow hover aria-rowindex={rowIndex} data-testid="project-row" sx={{ height: ROW_HEIGHT }}>
      <TableCell
        sx={{ ...cell, maxWidth: 360, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
      >
        <RouterLink to={routePath('project.index', { projectId })} sx={{ fontWeight: 500 }}>
          {project.name}
        </RouterLink>
        {project.short_code && (
          <Typography component="span" variant="body2" color="text.secondary">
            {` (${project.short_code})`}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={cell}>
        {abilities.canShowOrganization(project.organization_id) ? (
          <RouterLink to={routePath('organization.index', { organizationId: project.organization_id })}>
            {project.organization_name}
          </RouterLink>
        ) : (
          project.organization_name
        )}
      </TableCell>
      <TableCell sx={cell}>
        {project.season_name ?? (
          <Typography component="span" variant="body2" color="text.secondary">
            {t('projects.no-season')}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={cell} align="right">
        <RouterLink
          to={routePath('project.subjects', { projectId })}
          aria-label={t('projects.subjects-count', { name: project.name, count: project.subjects_count })}
        >
          {project.subjects_count}
        </RouterLink>
      </TableCell>
      <ActionsCell sx={cell}>
        {action(
          t('projects.action-subjects', { name: project.name }),
          routePath('project.subjects', { projectId }),
          <PeopleIcon fontSize="small" />,
        )}
        {action(
          t('projects.action-exports', { name: project.name }),
          routePath('project.exports', { projectId }),
          <DownloadIcon fontSize="small" />,
        )}
        {action(
          t('projects.action-layouts', { name: project.name }),
          routePath('project.layouts', { projectId }),
          <PrintIcon fontSize="small" />,
        )}
      </ActionsCell>
    </TableRow>
  );
}
