// Material icon ExpandMore, as @mui/icons-material 7.3.2 draws it: see index.ts (licences there).
import { createSvgIcon } from '@mui/material/utils';

export const ExpandMore = /*#__PURE__*/ createSvgIcon(
  <path d="M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z" />,
  'ExpandMore',
);
