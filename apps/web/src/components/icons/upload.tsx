// Material icon Upload, as @mui/icons-material 7.3.2 draws it: see index.ts (licences there).
import { createSvgIcon } from '@mui/material/utils';

export const Upload = /*#__PURE__*/ createSvgIcon(<path d="M5 20h14v-2H5zm0-10h4v6h6v-6h4l-7-7z" />, 'Upload');
