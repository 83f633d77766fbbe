import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import type { VegFlag } from '@cd/core';

/**
 * Readable as 12px text (4.5:1) on the list's surfaces, hovered or selected rows included: the light shades on white
 * and #F5F5F5, the dark ones on #1E1E1E to #2A2A2A (issue 35: amber #B26A00 was 3.65:1 in the dark, 4.24:1 on white).
 */
const COLOURS: Record<'light' | 'dark', Record<VegFlag, string>> = {
  light: { V: '#2e7d32', E: '#8a5300', N: '#c62828' },
  dark: { V: '#66bb6a', E: '#ffb74d', N: '#e57373' },
};

/** The food-type mark: a coloured square with a dot (veg green, egg amber, non-veg red) and its name. */
export function VegBadge({ flag }: { flag: VegFlag }) {
  const { t } = useTranslation();
  const shades = COLOURS[useTheme().palette.mode];
  const colour = shades[flag] ?? shades.V;
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
