/** Build-time settings of the web app (Vite env variables with defaults that run on a laptop). */

const DEFAULT_CORPORATE_EMAIL_DOMAIN = 'corp.controldesk.test';

/** User ids in this e-mail domain must sign in by SSO (spec 000 §5); the server enforces the same rule. */
export const CORPORATE_EMAIL_DOMAIN: string =
  (import.meta.env.VITE_CORPORATE_EMAIL_DOMAIN as string | undefined) || DEFAULT_CORPORATE_EMAIL_DOMAIN;

export const API_BASE = '/v2/bck';
export const APP_LANG = 'en';
