// Material icon WarningAmber, as @mui/icons-material 7.3.2 draws it: see index.ts (licences there).
import { createSvgIcon } from '@mui/material/utils';

export const WarningAmber = /*#__PURE__*/ createSvgIcon(
  [<path key="0" d="M12 5.99 19.53 19H4.47zM12 2 1 21h22z" />, <path key="1" d="M13 16h-2v2h2zm0-6h-2v5h2z" />],
  'WarningAmber',
);
