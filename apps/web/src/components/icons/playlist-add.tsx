// Material icon PlaylistAdd, as @mui/icons-material 7.3.2 draws it: see index.ts (licences there).
import { createSvgIcon } from '@mui/material/utils';

export const PlaylistAdd = /*#__PURE__*/ createSvgIcon(
  <path d="M14 10H3v2h11zm0-4H3v2h11zm4 8v-4h-2v4h-4v2h4v4h2v-4h4v-2zM3 16h7v-2H3z" />,
  'PlaylistAdd',
);
