import { setSessionLossHandler } from '../lib/api-client';
import { clearLoginState } from '../lib/login-state';
import { startSignedInOnSignIn } from './start-signed-in';

// Imported first by main.tsx, so it runs before the rest of the initial bundle is evaluated (React, MUI, the theme,
// i18next): a signed-in start asks for the signed-in app's code and the profile that much sooner.

// Spec 000 §4: a lost session signs the user out. The signed-in app adds clearing its cache (app/session.ts); this
// covers the calls started before its code has loaded.
setSessionLossHandler(clearLoginState);
startSignedInOnSignIn();
