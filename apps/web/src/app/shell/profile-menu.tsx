import { useId, useState, type MouseEvent } from 'react';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { Logout as LogoutIcon, Check as CheckIcon } from '../../components/icons';
import { setColorModePreference, useColorModePreference, type ColorModePreference } from '../../lib/color-mode';

const COLOR_MODES: ColorModePreference[] = ['system', 'light', 'dark'];
import { useTranslation } from 'react-i18next';

type Props = { userid: string; name: string; onLogout: () => void; loggingOut: boolean };

function initials(name: string, userid: string): string {
  const words = (name || userid)
    .trim()
    .split(/[\s._@-]+/)
    .filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

/** The profile menu of the top bar: who is signed in, and logout. */
export function ProfileMenu({ userid, name, onLogout, loggingOut }: Props) {
  const { t } = useTranslation();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const preference = useColorModePreference();

  const handleOpen = (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget);
  const handleClose = () => setAnchor(null);
  const handleLogout = () => {
    handleClose();
    onLogout();
  };

  return (
    <>
      <IconButton
        onClick={handleOpen}
        // The name starts with the initials shown, as WCAG 2.5.3 asks (label in name): "DA Profile menu".
        aria-label={`${initials(name, userid)} ${t('shell.profileMenu')}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: 15, fontWeight: 700 }}>
          {initials(name, userid)}
        </Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {/* A subheader is skipped by the menu's keyboard focus, so focus lands on the first real item. */}
        <ListSubheader disableSticky sx={{ lineHeight: 1.4, py: 1, color: 'text.primary' }}>
          <Typography data-testid="user-name" sx={{ fontWeight: 700 }}>
            {name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {userid}
          </Typography>
        </ListSubheader>
        <Divider />
        <ListSubheader disableSticky sx={{ lineHeight: 2 }}>
          {t('shell.colorMode.title')}
        </ListSubheader>
        {COLOR_MODES.map((mode) => (
          <MenuItem
            key={mode}
            role="menuitemradio"
            aria-checked={preference === mode}
            selected={preference === mode}
            onClick={() => setColorModePreference(mode)}
          >
            <ListItemIcon>{preference === mode && <CheckIcon fontSize="small" />}</ListItemIcon>
            {t(`shell.colorMode.${mode}`)}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={handleLogout} disabled={loggingOut}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('shell.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
