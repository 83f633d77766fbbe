/**
 * The app's first name for the snackbar, kept so existing imports work. New code imports from './snackbar'
 * (SnackbarProvider, useSnackbar, useNotify).
 */
export { SnackbarProvider as NotifierProvider, useNotify, type Notice } from './snackbar';
