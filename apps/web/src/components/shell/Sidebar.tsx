import AssignmentIcon from '@mui/icons-material/Assignment';
import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventIcon from '@mui/icons-material/Event';
import FolderIcon from '@mui/icons-material/Folder';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import HistoryIcon from '@mui/icons-material/History';
import LoginIcon from '@mui/icons-material/Login';
import PeopleIcon from '@mui/icons-material/People';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useToken } from '../../api/token';
import { useCurrentUser } from '../../api/users';
import { useCan, useOwnOrganization } from '../../app/can';
import { ROUTES } from '../../app/routes';
import { SignOutButton } from '../SignOutButton';

interface NavEntry {
  key: string;
  to: string;
  label: string;
  icon: ReactNode;
}

function NavList({ entries, label }: { entries: NavEntry[]; label: string }) {
  return (
    <Box component="nav" aria-label={label}>
      <List>
        {entries.map((entry) => (
          <ListItem key={entry.key} disablePadding>
            <ListItemButton
              component={NavLink}
              to={entry.to}
              data-testid={`nav-${entry.key}`}
              sx={{
                '&.active': {
                  bgcolor: 'action.selected',
                  color: 'primary.main',
                  '& .MuiListItemIcon-root': { color: 'primary.main' },
                },
              }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>{entry.icon}</ListItemIcon>
              <ListItemText primary={entry.label} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/** Sidebar content: organization, account switching, user, sign out and the main navigation. */
export function Sidebar() {
  const { t } = useTranslation();
  const token = useToken();
  const user = useCurrentUser();
  const can = useCan();
  const own = useOwnOrganization();

  if (!token) {
    return (
      <Box data-testid="sidebar" sx={{ p: 2 }}>
        <NavList
          label={t('nav.main')}
          entries={[{ key: 'sign-in', to: ROUTES['sign-in'], label: t('nav.sign-in'), icon: <LoginIcon /> }]}
        />
      </Box>
    );
  }

  if (user.isError) {
    // The account could not be loaded here (the screen itself explains why); signing out still works.
    return (
      <Box data-testid="sidebar" sx={{ p: 2 }}>
        <SignOutButton variant="outlined" fullWidth data-testid="sign-out" />
      </Box>
    );
  }

  if (!user.data || !can.ready) {
    return (
      <Box data-testid="sidebar" role="status" sx={{ p: 3, display: 'flex', justifyContent: 'center' }}>
        <CircularProgress size={24} aria-label={t('nav.loading-user')} />
      </Box>
    );
  }

  const organizationName =
    user.data.current_account?.organization.name?.trim() ||
    user.data.organization_name?.trim() ||
    t('common.missing-name');
  const entries: NavEntry[] = [
    { key: 'dashboard', to: ROUTES.dashboard, label: t('nav.dashboard'), icon: <DashboardIcon /> },
    { key: 'projects', to: ROUTES['projects.index'], label: t('nav.projects'), icon: <FolderIcon /> },
  ];
  if (can('organization.browse')) {
    entries.push({
      key: 'organizations',
      to: ROUTES['organizations.index'],
      label: t('nav.organizations'),
      icon: <BusinessIcon />,
    });
  }
  entries.push({ key: 'users', to: ROUTES['users.index'], label: t('nav.users'), icon: <PeopleIcon /> });
  if (can('template.browse')) {
    entries.push({
      key: 'project-templates',
      to: ROUTES['project-templates.index'],
      label: t('nav.project-templates'),
      icon: <AssignmentIcon />,
    });
  }
  if (own && can('season.create', own)) {
    entries.push({
      key: 'seasons',
      to: ROUTES['seasons.index'],
      label: t('nav.seasons'),
      icon: <EventIcon />,
    });
  }
  if (can('file-request.create')) {
    entries.push({
      key: 'file-requests',
      to: ROUTES['attachment-requests.index'],
      label: t('nav.file-requests'),
      icon: <UploadFileIcon />,
    });
  }
  if (own && can('audit-event.list', own)) {
    entries.push({ key: 'activity', to: ROUTES.activity, label: t('nav.activity'), icon: <HistoryIcon /> });
  }
  entries.push({ key: 'support', to: ROUTES.support, label: t('nav.support'), icon: <HelpOutlineIcon /> });

  return (
    <Box data-testid="sidebar" sx={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}>
      <Box sx={{ p: 2 }}>
        <Typography variant="overline" color="text.secondary" component="p">
          {t('nav.organization')}
        </Typography>
        <Typography
          variant="subtitle1"
          component="p"
          sx={{ fontWeight: 600 }}
          data-testid="sidebar-organization"
        >
          {organizationName}
        </Typography>
        {can('current-user.list-accounts') && (
          <ListItemButton
            component={NavLink}
            to={ROUTES['switch-accounts']}
            data-testid="nav-switch-accounts"
            sx={{ mt: 1, borderRadius: 1, px: 1 }}
          >
            <ListItemIcon sx={{ minWidth: 32 }}>
              <SwapHorizIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t('nav.switch-accounts')} />
          </ListItemButton>
        )}
      </Box>
      <Divider />
      <Box sx={{ p: 2, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('nav.signed-in-as')}
          </Typography>
          <Typography noWrap data-testid="sidebar-user" title={user.data.email}>
            {user.data.name}
          </Typography>
        </Box>
        <SignOutButton size="small" variant="outlined" data-testid="sign-out" />
      </Box>
      <Divider />
      <NavList label={t('nav.main')} entries={entries} />
    </Box>
  );
}
