import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Props = { userid: string; name: string; onLogout: () => void; loggingOut: boolean };

/** Top bar of spec 000 §2.2 (first cut): title, greeting with the user id, the user's name and logout. */
export function TopBar({ userid, name, onLogout, loggingOut }: Props) {
  const { t } = useTranslation();
  return (
    <AppBar position="sticky" color="primary" elevation={1}>
      <Toolbar sx={{ gap: 2 }}>
        <Typography variant="h6" component="p" sx={{ fontWeight: 800 }}>
          {t('app.title')}
        </Typography>
        <Typography variant="body1" data-testid="greeting">
          {t('home.greeting', { userid })}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Typography variant="body2" data-testid="user-name" sx={{ display: { xs: 'none', sm: 'block' } }}>
          {name}
        </Typography>
        <Button color="inherit" variant="outlined" onClick={onLogout} disabled={loggingOut}>
          {t('home.logout')}
        </Button>
      </Toolbar>
    </AppBar>
  );
}
