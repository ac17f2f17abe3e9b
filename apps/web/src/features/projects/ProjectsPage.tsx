import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import PeopleIcon from '@mui/icons-material/People';
import PrintIcon from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Abilities } from '@school-portal/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import {
  type OrganizationOption,
  PROJECT_PAGE_SIZE,
  type ProjectListFilters,
  type ProjectRecord,
  type ProjectSort,
  useListedProjectOrganizations,
  useProjectOrganizationOptions,
  useProjectPage,
} from '../../api/projects';
import { currentSeasonOf, type Season, useSeasons } from '../../api/seasons';
import { useSessionAbilities } from '../../api/sessionAbilities';
import { useCan } from '../../app/can';
import { ROUTES, routePath } from '../../app/routes';
import { useSessionUser } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { FiltersBar } from '../../components/ListFilters';
import { LoadingScreen } from '../../components/LoadingScreen';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { RouterLink } from '../../components/RouterLink';
import { TooltipIconButton } from '../../components/TooltipIconButton';
import { ActionsCell } from '../../components/table/ActionsCell';
import { ScrollCues, useHorizontalOverflow } from '../../components/table/ScrollCues';
import { ROW_HEIGHT, useVirtualRows, VISIBLE_ROWS } from '../../components/table/useVirtualRows';
import { useDebouncedValue } from '../organizations/listState';

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
const sortParam = (sort: Sort): ProjectSort => `${sort.direction === 'desc' ? '-' : ''}${sort.key}`;

/** The season and organization filters: selects side by side, growing alike. */
const SELECT_FILTER = { select: true, margin: 'none', sx: { minWidth: 200, flex: '1 1 200px' } } as const;

/** Season filter values: any, none, or a season id (spec §4: any, none, current). */
const ANY = 'any';
const NONE = 'none';

/** The whole list as the screen first shows it: no filter, newest first. */
const UNFILTERED: ProjectListFilters = {
  seasonId: undefined,
  organizationId: undefined,
  keyword: '',
  sort: sortParam(DEFAULT_SORT),
};

interface SeasonOption {
  id: string;
  name: string;
  current: boolean;
}

/**
 * The seasons of the projects shown so far, gathered as pages arrive: the season filter offers them
 * beside the seasons the organization can use.
 */
function useSeenSeasons() {
  const seen = useRef(new Map<string, string>());
  const add = (projects: readonly ProjectRecord[] | undefined) => {
    for (const p of projects ?? []) {
      if (p.season_id) seen.current.set(p.season_id, p.season_name ?? p.season_id);
    }
  };
  return { seen: seen.current, add };
}

/** The seasons to filter by: those the organization can use, plus any other a shown project has. */
function seasonOptions(seasons: Season[], seen: Map<string, string>, current: Season | null): SeasonOption[] {
  const options: SeasonOption[] = seasons.map((s) => ({
    id: s.id,
    name: s.name,
    current: s.id === current?.id,
  }));
  const known = new Set(options.map((o) => o.id));
  for (const [id, name] of seen) {
    if (!known.has(id)) options.push({ id, name, current: false });
  }
  return options;
}

export function ProjectsPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const abilities = useSessionAbilities();
  const organization = user.current_account?.organization ?? null;
  const seasons = useSeasons(organization?.id);
  // Ask for the organization list only when the caller may read it (as the sidebar decides).
  const can = useCan();
  const readsOrganizations = can('organization.list-children');
  const choosesOrganization = can('project.choose-organization');
  const tree = useProjectOrganizationOptions(organization, choosesOrganization && readsOrganizations);
  const listed = useListedProjectOrganizations(organization?.id, choosesOrganization && !readsOrganizations);
  const organizations = readsOrganizations ? tree : listed;
  const [params, setParams] = useSearchParams();

  // The first page of the whole list: its total decides the one-project redirect.
  const all = useProjectPage(organization?.id, UNFILTERED, 1);
  const seasonList = seasons.data ?? [];
  const current = currentSeasonOf(
    seasonList,
    organization?.id,
    organization?.parent_organization_id ?? user.current_account?.organization.parent_organization_id,
  );
  // Spec §2: the season filter defaults to the current season if any project has it; only asked while
  // the address names no season.
  const asksCurrent = current !== null && !params.has('season');
  const inCurrent = useProjectPage(
    organization?.id,
    { ...UNFILTERED, seasonId: current?.id },
    1,
    asksCurrent,
  );

  const actions = can('project.create') ? (
    <Button component={Link} to={ROUTES['projects.new']} variant="contained" startIcon={<AddIcon />}>
      {t('projects.new')}
    </Button>
  ) : undefined;

  const loading =
    (seasons.isPending && seasons.fetchStatus !== 'idle') || (asksCurrent && inCurrent.isPending);
  const summary = {
    ...all,
    isPending: all.isPending || loading,
    isError: all.isError || (asksCurrent && inCurrent.isError),
    refetch: () => Promise.all([all.refetch(), asksCurrent && inCurrent.refetch()]),
  };

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
      <QueryState query={summary} errorMessage={t('projects.load-failed')}>
        {(first) => {
          // Spec §2: with exactly one project, anyone but a studio or lab manager goes straight into it.
          const only = first.meta.total === 1 ? first.projects[0] : undefined;
          // (Studio and lab managers, who may create projects, stay on the list.)
          if (only && !can('project.create')) {
            return <Navigate to={routePath('project.index', { projectId: only.id })} replace />;
          }
          const defaultSeason = current && (inCurrent.data?.meta.total ?? 0) > 0 ? current.id : ANY;
          return (
            <ProjectList
              key={organization?.id}
              organizationId={organization?.id ?? ''}
              seasons={seasonList}
              currentSeason={current}
              season={params.get('season') ?? defaultSeason}
              organizations={organizations.data ?? []}
              choosesOrganization={choosesOrganization}
              organizationFilter={choosesOrganization ? (params.get('organization') ?? '') : ''}
              keyword={params.get('q') ?? ''}
              sort={parseSort(params.get('sort'))}
              abilities={abilities}
              onSeason={(value) => update({ season: value })}
              onOrganization={(value) => update({ organization: value || null })}
              onKeyword={(value) => update({ q: value || null })}
              onSort={(value) =>
                update({
                  sort: value.key === 'created_at' && value.direction === 'desc' ? null : sortParam(value),
                })
              }
            />
          );
        }}
      </QueryState>
    </Page>
  );
}

interface ProjectListProps {
  /** The signed-in account's organization, whose projects (and those below it) are listed. */
  organizationId: string;
  seasons: Season[];
  currentSeason: Season | null;
  season: string;
  /** The organization options: the organizations below (for those who read them), else those of the listed projects. */
  organizations: OrganizationOption[];
  /** Whether the organization filter is offered (studios and labs; a school has only its own). */
  choosesOrganization: boolean;
  organizationFilter: string;
  keyword: string;
  sort: Sort;
  abilities: Abilities;
  onSeason: (value: string) => void;
  onOrganization: (value: string) => void;
  onKeyword: (value: string) => void;
  onSort: (value: Sort) => void;
}

/**
 * The filters and the table. The server filters, sorts and pages; the table renders the rows in view
 * and asks for the one or two pages that hold them.
 */
function ProjectList(props: ProjectListProps) {
  const { t } = useTranslation();
  const { sort, abilities } = props;
  const keyword = useDebouncedValue(props.keyword.trim(), 250);
  const { seen, add } = useSeenSeasons();

  // A season or organization in the address that is not (or no longer) an option counts as "any".
  const seasonChoices = seasonOptions(props.seasons, seen, props.currentSeason);
  const season =
    props.season === ANY || props.season === NONE || seasonChoices.some((s) => s.id === props.season)
      ? props.season
      : ANY;
  const organizationChoices = props.organizations;
  const organizationId =
    organizationChoices.length === 0 || organizationChoices.some((o) => o.id === props.organizationFilter)
      ? props.organizationFilter
      : '';
  const organizationShown = organizationChoices.some((o) => o.id === organizationId) ? organizationId : '';

  const filters: ProjectListFilters = {
    seasonId: season === ANY ? undefined : season,
    organizationId: organizationId || undefined,
    keyword,
    sort: sortParam(sort),
  };
  const filterKey = JSON.stringify(filters);
  const [total, setTotal] = useState<number | undefined>(undefined);
  const rows = useVirtualRows(total ?? 0, filterKey);
  const firstPage = Math.floor(rows.start / PROJECT_PAGE_SIZE) + 1;
  const lastPage = Math.floor(Math.max(rows.start, rows.end - 1) / PROJECT_PAGE_SIZE) + 1;
  const pageA = useProjectPage(props.organizationId, filters, firstPage);
  const pageB = useProjectPage(props.organizationId, filters, lastPage, lastPage !== firstPage);
  add(pageA.data?.projects);
  add(pageB.data?.projects);

  const shownTotal = pageA.data?.meta.total;
  useEffect(() => setTotal(shownTotal), [shownTotal]);

  /** The project at a position of the list, once its page (under the current filters) has arrived. */
  const projectAt = (index: number): ProjectRecord | undefined => {
    const page = Math.floor(index / PROJECT_PAGE_SIZE) + 1;
    const query = page === firstPage ? pageA : page === lastPage ? pageB : undefined;
    if (!query?.data || query.isPlaceholderData) return undefined;
    return query.data.projects[index - (page - 1) * PROJECT_PAGE_SIZE];
  };

  let content: ReactNode;
  if (pageA.isError) {
    content = <ErrorState message={t('projects.load-failed')} onRetry={() => void pageA.refetch()} />;
  } else if (shownTotal === undefined) {
    content = <LoadingScreen />;
  } else if (shownTotal === 0) {
    // The season is to blame only when it is the one filter set: a keyword or an organization that
    // matches nothing gets the plain text (spec §2).
    const seasonAlone = season !== ANY && !keyword && !filters.organizationId;
    content = <EmptyState message={seasonAlone ? t('projects.empty-season') : t('projects.empty')} />;
  } else {
    content = (
      <ProjectTable
        total={shownTotal}
        rows={rows}
        projectAt={projectAt}
        sort={sort}
        onSort={props.onSort}
        abilities={abilities}
      />
    );
  }

  return (
    <>
      <FiltersBar label={t('projects.filters')}>
        <TextField
          {...SELECT_FILTER}
          id="projects-season"
          label={t('projects.season')}
          value={season}
          onChange={(event) => props.onSeason(event.target.value)}
        >
          <MenuItem value={ANY}>{t('projects.season-any')}</MenuItem>
          <MenuItem value={NONE}>{t('projects.season-none')}</MenuItem>
          {seasonChoices.map((s) => (
            <MenuItem key={s.id} value={s.id}>
              {s.current ? t('projects.season-current', { name: s.name }) : s.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          {...SELECT_FILTER}
          id="projects-organization"
          label={t('projects.organization')}
          value={organizationShown}
          onChange={(event) => props.onOrganization(event.target.value)}
          disabled={!props.choosesOrganization}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('projects.organization-any')}</MenuItem>
          {organizationChoices.map((o) => (
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
      </FiltersBar>
      <Typography
        variant="body2"
        color="text.secondary"
        role="status"
        data-testid="projects-count"
        sx={{ mb: 1 }}
      >
        {shownTotal === undefined ? '' : t('projects.count', { count: shownTotal })}
      </Typography>
      {content}
    </>
  );
}

interface ProjectTableProps {
  total: number;
  rows: ReturnType<typeof useVirtualRows>;
  projectAt: (index: number) => ProjectRecord | undefined;
  sort: Sort;
  onSort: (sort: Sort) => void;
  abilities: Abilities;
}

function ProjectTable({ total, rows, projectAt, sort, onSort, abilities }: ProjectTableProps) {
  const { t } = useTranslation();

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

  const overflow = useHorizontalOverflow();
  const indexes = Array.from({ length: Math.max(0, rows.end - rows.start) }, (_, i) => rows.start + i);
  return (
    <Paper variant="outlined" sx={{ position: 'relative' }}>
      <TableContainer
        ref={(node: HTMLDivElement | null) => {
          rows.ref.current = node;
          overflow.ref(node);
        }}
        sx={{ maxHeight: ROW_HEIGHT * (VISIBLE_ROWS + 1) }}
        data-testid="projects-scroll"
      >
        <Table stickyHeader aria-label={t('projects.table')} aria-rowcount={total + 1}>
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
            {indexes.map((index) => {
              const project = projectAt(index);
              return project ? (
                <ProjectRow key={project.id} project={project} rowIndex={index + 2} abilities={abilities} />
              ) : (
                <TableRow
                  key={`loading-${index}`}
                  aria-rowindex={index + 2}
                  aria-busy="true"
                  sx={{ height: ROW_HEIGHT }}
                >
                  <TableCell colSpan={5} sx={{ py: 0 }}>
                    <Skeleton aria-label={t('projects.row-loading')} />
                  </TableCell>
                </TableRow>
              );
            })}
            {rows.paddingBottom > 0 && (
              <TableRow aria-hidden="true" sx={{ height: rows.paddingBottom }}>
                <TableCell colSpan={5} sx={{ p: 0, border: 0 }} />
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ScrollCues start={overflow.start} end={overflow.end} endInset={overflow.endInset} />
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
        <TooltipIconButton
          label={t('projects.action-subjects', { name: project.name })}
          to={routePath('project.subjects', { projectId })}
        >
          <PeopleIcon fontSize="small" />
        </TooltipIconButton>
        <TooltipIconButton
          label={t('projects.action-exports', { name: project.name })}
          to={routePath('project.exports', { projectId })}
        >
          <DownloadIcon fontSize="small" />
        </TooltipIconButton>
        <TooltipIconButton
          label={t('projects.action-layouts', { name: project.name })}
          to={routePath('project.layouts', { projectId })}
        >
          <PrintIcon fontSize="small" />
        </TooltipIconButton>
      </ActionsCell>
    </TableRow>
  );
}
