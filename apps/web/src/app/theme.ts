import { createTheme } from '@mui/material/styles';

/**
 * The spec's first breakpoint scheme (mobile, tablet, desktop, jumbo) as media queries, for layout
 * decisions such as collapsing the sidebar. MUI's own breakpoints follow the second scheme below.
 */
export const MEDIA = {
  mobile: '(max-width: 767px)',
  tablet: '(min-width: 768px) and (max-width: 991px)',
  desktop: '(min-width: 992px) and (max-width: 1200px)',
  jumbo: '(min-width: 1201px)',
  /** Mobile or tablet: the sidebar becomes a drawer opened from the navigation bar. */
  mobileOrTablet: '(max-width: 991px)',
} as const;

export const SIDEBAR_WIDTH = 260;

export const theme = createTheme({
  // Second scheme: xs under 600, sm 600-959, md 960-1279, lg 1280-1919, xl 1920 and over.
  breakpoints: { values: { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } },
  palette: {
    primary: { main: '#1565c0' },
    secondary: { main: '#00796b' },
    // MUI's orange with dark text: white on it is 3.1:1, under WCAG AA's 4.5 for a chip's 13 px label.
    warning: { main: '#ed6c02', contrastText: 'rgba(0, 0, 0, 0.87)' },
    background: { default: '#f5f7fa' },
  },
  shape: { borderRadius: 8 },
  typography: {
    h1: { fontSize: '2rem', fontWeight: 500 },
    h2: { fontSize: '1.5rem', fontWeight: 500 },
    h3: { fontSize: '1.25rem', fontWeight: 500 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
  },
});
