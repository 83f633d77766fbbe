/**
 * The Material icons the app shows, in place of @mui/icons-material: that package holds ~65,000 files (263 MB in
 * node_modules) for the 67 icons used here, and installing it was a large part of a fresh `npm start` (issue 34).
 * Each icon is its own module with the same SVG path data and display name as @mui/icons-material 7.3.2's, made the
 * same way (createSvgIcon from @mui/material, marked pure), so it looks and behaves as before, and the build still
 * places each icon in the chunk of the pages that use it (one module holding them all would go whole into the
 * signed-in app's shared chunk). Import them from here: `import { Add as AddIcon } from '…/components/icons'`.
 * To add one, copy the path data from the icon's file in @mui/icons-material (esm/<Name>.js in the package,
 * or packages/mui-icons-material in the mui/material-ui repository) into a new file like these, and list it below.
 *
 * @mui/icons-material: MIT License, Copyright (c) 2014 Call-Em-All (mui/material-ui).
 * The icon designs are Google's Material Icons: Apache License 2.0, Copyright Google LLC
 * (google/material-design-icons).
 */
export { Add } from './add';
export { ArrowDownward } from './arrow-downward';
export { ArrowUpward } from './arrow-upward';
export { BlockOutlined } from './block-outlined';
export { Cancel } from './cancel';
export { CancelScheduleSend } from './cancel-schedule-send';
export { Check } from './check';
export { CheckCircle } from './check-circle';
export { CheckCircleOutline } from './check-circle-outline';
export { Checklist } from './checklist';
export { ChevronLeft } from './chevron-left';
export { ChevronRight } from './chevron-right';
export { Close } from './close';
export { CloudDownloadOutlined } from './cloud-download-outlined';
export { CloudUploadOutlined } from './cloud-upload-outlined';
export { Code } from './code';
export { ConfirmationNumberOutlined } from './confirmation-number-outlined';
export { ContentCopy } from './content-copy';
export { Crop } from './crop';
export { Delete } from './delete';
export { DeleteOutline } from './delete-outline';
export { DeleteSweep } from './delete-sweep';
export { DeleteSweepOutlined } from './delete-sweep-outlined';
export { Download } from './download';
export { DragIndicator } from './drag-indicator';
export { Edit } from './edit';
export { EditOutlined } from './edit-outlined';
export { EventBusyOutlined } from './event-busy-outlined';
export { ExpandLess } from './expand-less';
export { ExpandMore } from './expand-more';
export { FileDownloadOutlined } from './file-download-outlined';
export { FormatBold } from './format-bold';
export { FormatItalic } from './format-italic';
export { FormatListBulleted } from './format-list-bulleted';
export { FormatListNumbered } from './format-list-numbered';
export { GridOn } from './grid-on';
export { GroupsOutlined } from './groups-outlined';
export { HelpOutline } from './help-outline';
export { HighlightOff } from './highlight-off';
export { InfoOutlined } from './info-outlined';
export { InsertLink } from './insert-link';
export { InsightsOutlined } from './insights-outlined';
export { Lock } from './lock';
export { LockOpen } from './lock-open';
export { Logout } from './logout';
export { Menu } from './menu';
export { OpenInNew } from './open-in-new';
export { PlayCircleOutline } from './play-circle-outline';
export { PlaylistAdd } from './playlist-add';
export { Print } from './print';
export { PushPin } from './push-pin';
export { Refresh } from './refresh';
export { RemoveCircleOutline } from './remove-circle-outline';
export { Replay } from './replay';
export { ScheduleSendOutlined } from './schedule-send-outlined';
export { Search } from './search';
export { ShoppingCartCheckout } from './shopping-cart-checkout';
export { SlideshowOutlined } from './slideshow-outlined';
export { SnoozeOutlined } from './snooze-outlined';
export { Upload } from './upload';
export { UploadFile } from './upload-file';
export { UploadFileOutlined } from './upload-file-outlined';
export { Visibility } from './visibility';
export { VisibilityOff } from './visibility-off';
export { VisibilityOffOutlined } from './visibility-off-outlined';
export { VisibilityOutlined } from './visibility-outlined';
export { WarningAmber } from './warning-amber';
