import LogoutIcon from '@mui/icons-material/Logout';
import SchoolIcon from '@mui/icons-material/School';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../app/routes';
import { signOutFamily } from './api';
import { useFamilyToken } from './session';

/**
 * What every family page carries: kept out of search engines (`noindex`), sending no address of it
 * onwards (`no-referrer`, so a link's token or a signed address never leaves in a Referer), the app's
 * name, and signing out while a family is signed in. React places the meta tags in the document's head
 * while the page is shown.
 */
export function FamilyFrame({
  title,
  children,
  narrow = false,
}: {
  title: string;
  children: ReactNode;
  /** A form's width rather than a gallery's. */
  narrow?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useFamilyToken() !== null;
  return (
    <>
      <meta name="robots" content="noindex, nofollow, noarchive" />
      <meta name="referrer" content="no-referrer" />
      <Container maxWidth={narrow ? 'sm' : 'lg'} sx={{ py: { xs: 2, sm: 4 } }} data-testid="family-page">
        <Box
          component="header"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3, flexWrap: 'wrap' }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'primary.main', flex: 1 }}>
            <SchoolIcon aria-hidden="true" />
            <Typography component="p" variant="subtitle1" sx={{ fontWeight: 600 }}>
              {t('families.app-name')}
            </Typography>
          </Box>
          {signedIn && (
            <Button
              variant="text"
              startIcon={<LogoutIcon aria-hidden="true" />}
              onClick={async () => {
                await signOutFamily();
                navigate(ROUTES['family.claim'], { replace: true, state: { signedOut: true } });
              }}
            >
              {t('families.sign-out')}
            </Button>
          )}
        </Box>
        <Typography variant="h1" component="h1" sx={{ mb: 2, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {title}
        </Typography>
        {children}
      </Container>
    </>
  );
}
