import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/**
 * A box whose content may scroll sideways (a wide table on a narrow screen), reachable and scrolled by keyboard:
 * focusable, and named as a region so what takes the focus is announced (axe scrollable-region-focusable; issue 35).
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        overflowX: 'auto',
        '&:focus-visible': { outline: (theme) => `2px solid ${theme.palette.text.primary}`, outlineOffset: 2 },
      }}
    >
      {children}
    </Box>
  );
}
