import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { currentRegion } from '../../lib/region';
import { hasNoPages } from '../shell/nav-model';
import { useShellUser } from '../shell/use-shell-user';
import { RegionCard } from './region-card';
import { WelcomePage } from './welcome-page';

/** The root path: a greeting and the deployment's region, or the welcome page for a user without pages. */
export function HomePage() {
  const { t } = useTranslation();
  const { name, userid, subject } = useShellUser();
  if (hasNoPages(subject)) return <WelcomePage name={name || userid} />;
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 1 }}>
        {t('pages.home.title', { name: name || userid })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('pages.home.subtitle')}
      </Typography>
      <RegionCard region={currentRegion()} />
    </Box>
  );
}
