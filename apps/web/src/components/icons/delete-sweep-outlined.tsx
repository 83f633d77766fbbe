// Material icon DeleteSweepOutlined, as @mui/icons-material 7.3.2 draws it: see index.ts (licences there).
import { createSvgIcon } from '@mui/material/utils';

export const DeleteSweepOutlined = /*#__PURE__*/ createSvgIcon(
  <path d="M15 16h4v2h-4zm0-8h7v2h-7zm0 4h6v2h-6zM3 18c0 1.1.9 2 2 2h6c1.1 0 2-.9 2-2V8H3zm2-8h6v8H5zm5-6H6L5 5H2v2h12V5h-3z" />,
  'DeleteSweepOutlined',
);
