import { memo } from 'react';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { DRAWER_WIDTH } from '@cd/core';
import { useTranslation } from 'react-i18next';
import { Logo } from './logo';
import { NavList } from './nav-list';
import type { VisibleGroup } from './nav-model';

type Props = {
  groups: VisibleGroup[];
  pathname: string;
  /** A fixed drawer on wide screens; below the threshold a temporary slide-in drawer. */
  permanent: boolean;
  open: boolean;
  onClose: () => void;
};

const paper = { width: DRAWER_WIDTH, boxSizing: 'border-box' } as const;

/** The side navigation of spec 000 §2.2: a drawer 260 wide. */
export const SideNav = memo(function SideNav({ groups, pathname, permanent, open, onClose }: Props) {
  const { t } = useTranslation();
  if (permanent) {
    return (
      <Drawer variant="permanent" sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': paper }}>
        {/* Clears the fixed top bar. */}
        <Toolbar />
        <Box sx={{ overflowY: 'auto' }}>
          <NavList groups={groups} pathname={pathname} onNavigate={() => {}} />
        </Box>
      </Drawer>
    );
  }
  return (
    // Above the top bar: the slide-in drawer and its backdrop cover the whole screen.
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{ zIndex: (theme) => theme.zIndex.appBar + 1, '& .MuiDrawer-paper': paper }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <Logo />
        <Typography variant="h6" component="p" sx={{ fontWeight: 800 }}>
          {t('app.title')}
        </Typography>
      </Toolbar>
      <NavList groups={groups} pathname={pathname} onNavigate={onClose} />
    </Drawer>
  );
});
