import CloseIcon from '@mui/icons-material/Close';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import MenuIcon from '@mui/icons-material/Menu';
import SchoolIcon from '@mui/icons-material/School';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import SwipeableDrawer from '@mui/material/SwipeableDrawer';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useToken } from '../../api/token';
import { ROUTES } from '../../app/routes';
import { MEDIA, SIDEBAR_WIDTH } from '../../app/theme';
import { Sidebar } from './Sidebar';

function Brand() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1, flexGrow: 1, minWidth: 0, color: 'primary.main' }}
    >
      <SchoolIcon aria-hidden="true" />
      <Typography variant="h6" component="p" noWrap>
        {t('app.name')}
      </Typography>
    </Box>
  );
}

const iOS = typeof navigator !== 'undefined' && /iPad|iPhone|iPod/.test(navigator.userAgent);

/**
 * Navigation bar and sidebar around the content. On mobile and tablet (first breakpoint scheme) the
 * sidebar is a temporary drawer opened from the bar's menu button or by swiping from the left edge.
 */
export function AppShell({ banners, children }: { banners: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const collapsed = useMediaQuery(MEDIA.mobileOrTablet, { noSsr: true });
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const token = useToken();

  // Navigating closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation on purpose
  useEffect(() => {
    setOpen(false);
  }, [location.pathname]);

  const drawerPaper = { width: SIDEBAR_WIDTH, boxSizing: 'border-box' } as const;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        sx={{
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
          width: collapsed ? '100%' : `calc(100% - ${SIDEBAR_WIDTH}px)`,
          ml: collapsed ? 0 : `${SIDEBAR_WIDTH}px`,
        }}
      >
        <Toolbar>
          {collapsed && (
            <IconButton
              color="inherit"
              edge="start"
              aria-label={t('nav.open')}
              aria-expanded={open}
              aria-controls="sidebar-drawer"
              onClick={() => setOpen(true)}
              sx={{ mr: 1 }}
              data-testid="open-navigation"
            >
              <MenuIcon />
            </IconButton>
          )}
          {collapsed ? <Brand /> : <Box sx={{ flexGrow: 1 }} />}
          {token && (
            <Tooltip title={t('nav.help')}>
              <IconButton color="primary" component={Link} to={ROUTES.support} aria-label={t('nav.help')}>
                <HelpOutlineIcon />
              </IconButton>
            </Tooltip>
          )}
        </Toolbar>
      </AppBar>

      {collapsed ? (
        <SwipeableDrawer
          id="sidebar-drawer"
          open={open}
          onOpen={() => setOpen(true)}
          onClose={() => setOpen(false)}
          disableBackdropTransition={!iOS}
          disableDiscovery={iOS}
          ModalProps={{ keepMounted: true }}
          slotProps={{ paper: { sx: drawerPaper } }}
        >
          <Toolbar sx={{ color: 'primary.main' }}>
            <Brand />
            <IconButton edge="end" aria-label={t('nav.close')} onClick={() => setOpen(false)}>
              <CloseIcon />
            </IconButton>
          </Toolbar>
          <Sidebar />
        </SwipeableDrawer>
      ) : (
        <Drawer
          variant="permanent"
          sx={{ width: SIDEBAR_WIDTH, flexShrink: 0 }}
          slotProps={{ paper: { sx: drawerPaper } }}
        >
          <Toolbar sx={{ color: 'primary.main' }}>
            <Brand />
          </Toolbar>
          <Sidebar />
        </Drawer>
      )}

      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        {banners}
        <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, outline: 'none' }}>
          {children}
        </Box>
      </Box>
    </Box>
  );
}
