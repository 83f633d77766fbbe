import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { VegFlag } from '@cd/core';

const COLOURS: Record<VegFlag, string> = { V: '#2e7d32', E: '#b26a00', N: '#c62828' };

/** The food-type mark: a coloured square with a dot (veg green, egg amber, non-veg red) and its name. */
export function VegBadge({ flag }: { flag: VegFlag }) {
  const { t } = useTranslation();
  const colour = COLOURS[flag] ?? COLOURS.V;
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: 12, color: colour, whiteSpace: 'nowrap' }}
    >
      <Box
        component="span"
        aria-hidden
        sx={{
          width: 12,
          height: 12,
          border: `1.5px solid ${colour}`,
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <Box component="span" sx={{ width: 6, height: 6, borderRadius: '50%', bgcolor: colour }} />
      </Box>
      {/* On a phone the coloured mark alone shows; the name stays for screen readers. */}
      <Box
        component="span"
        sx={{
          '@media (max-width: 599.95px)': {
            position: 'absolute',
            width: 1,
            height: 1,
            overflow: 'hidden',
            clip: 'rect(0 0 0 0)',
            whiteSpace: 'nowrap',
          },
        }}
      >
        {t(`editMenu.vegflag.${flag}`)}
      </Box>
    </Box>
  );
}
