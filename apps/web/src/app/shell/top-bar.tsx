import { memo } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { HelpOutline as HelpOutlineIcon, Menu as MenuIcon, Search as SearchIcon } from '../../components/icons';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from './logo';
import { ProfileMenu } from './profile-menu';

type Props = {
  userid: string;
  name: string;
  /** Already formatted (DD-MM-YYYY HH:mm); null hides it. */
  syncTime: string | null;
  helpUrl: string | undefined;
  /** The menu button that opens the slide-in navigation on narrow screens. */
  showMenuButton: boolean;
  onMenuClick: () => void;
  /** Called before the home link navigates (it clears the unsaved-changes flag). */
  onHome: () => void;
  onLogout: () => void;
  loggingOut: boolean;
  /** Opens the Go to box (issue 36 point 4; Ctrl+K / ⌘K does too). */
  onGoto: () => void;
};

/** The top bar of spec 000 §2.2: logo, title, greeting, last data-sync time, Go to, help link, profile menu. */
export const TopBar = memo(function TopBar(props: Props) {
  const { userid, name, syncTime, helpUrl, showMenuButton, onMenuClick, onHome, onLogout, loggingOut, onGoto } = props;
  const { t } = useTranslation();
  return (
    <AppBar position="fixed" color="primary" elevation={1} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        {showMenuButton && (
          <IconButton edge="start" color="inherit" aria-label={t('shell.openNavigation')} onClick={onMenuClick}>
            <MenuIcon />
          </IconButton>
        )}
        <ButtonBase
          component={RouterLink}
          to="/"
          onClick={onHome}
          aria-label={t('shell.home')}
          sx={{ gap: 1, borderRadius: 1, px: 0.5, py: 0.5, flexShrink: 0 }}
        >
          <Logo />
          <Typography
            variant="h6"
            component="span"
            sx={{ fontWeight: 800, display: { xs: 'none', sm: 'inline' }, whiteSpace: 'nowrap' }}
          >
            {t('app.title')}
          </Typography>
        </ButtonBase>
        <Typography variant="body1" data-testid="greeting" noWrap sx={{ minWidth: 0 }}>
          {t('shell.greeting', { userid })}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {syncTime && (
          <Typography
            variant="body2"
            data-testid="last-sync"
            sx={{ display: { xs: 'none', md: 'block' }, whiteSpace: 'nowrap' }}
          >
            {t('shell.lastSync', { time: syncTime })}
          </Typography>
        )}
        <Tooltip title={t('shell.goto.open')}>
          <IconButton
            color="inherit"
            aria-label={t('shell.goto.open')}
            aria-keyshortcuts="Control+K Meta+K"
            onClick={onGoto}
          >
            <SearchIcon />
          </IconButton>
        </Tooltip>
        {helpUrl && (
          <Tooltip title={t('shell.help')}>
            <IconButton
              color="inherit"
              component="a"
              href={helpUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('shell.help')}
            >
              <HelpOutlineIcon />
            </IconButton>
          </Tooltip>
        )}
        <ProfileMenu userid={userid} name={name} onLogout={onLogout} loggingOut={loggingOut} />
      </Toolbar>
    </AppBar>
  );
});
