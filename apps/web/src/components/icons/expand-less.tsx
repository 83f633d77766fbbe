// Material icon ExpandLess, as @mui/icons-material 7.3.2 draws it: see index.ts (licences there).
import { createSvgIcon } from '@mui/material/utils';

export const ExpandLess = /*#__PURE__*/ createSvgIcon(
  <path d="m12 8-6 6 1.41 1.41L12 10.83l4.59 4.58L18 14z" />,
  'ExpandLess',
);
