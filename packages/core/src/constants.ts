/** Business constants of spec 000 §9. */
export const OTP_RESEND_SECONDS = 60;
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_WRONG_TRIES = 5;
export const SNACKBAR_MS = 5000;
export const SEARCH_DEBOUNCE_MS = 500;
export const DRAWER_WIDTH = 260;
export const MULTI_FILE_DOWNLOAD_GAP_MS = 1500;
export const TASK_FILENAME_MAX = 27;
export const TASK_RESTID_MAX = 12;
export const EXCEL_SHEET_NAME_MAX = 31;
export const SESSION_NAMES = ['Breakfast', 'Lunch', 'Snacks', 'Dinner', 'Allday'] as const;
export const LOGIN_PLATFORM = 'control_desk';
