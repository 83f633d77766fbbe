import { loadAreaStrings } from '../lib/i18n';

/** The signed-in shell's chunk (the shell, its pages' registry). */
export const importShell = () => import('./shell');

/** The shell with the pages' strings: what the shell's lazy components wait for (router.tsx). */
export const loadShell = () => Promise.all([importShell(), loadAreaStrings()]).then(([shell]) => shell);
