/** Spec 000 §4: a 401 or any of these messages means the session is gone: sign out and show login. */
export const SESSION_LOSS_MESSAGES = [
  'Invalid login credentials',
  'invalid cookie',
  'You are logged out. Login again',
] as const;

export function isSessionLossMessage(message: unknown): boolean {
  return typeof message === 'string' && (SESSION_LOSS_MESSAGES as readonly string[]).includes(message);
}

export const GENERAL_ERROR_TEXT = 'Oops... Something went wrong. Please try again after sometime.';
