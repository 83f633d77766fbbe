import { Component, useEffect, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../lib/storage';

const RELOADED_AT_KEY = 'cd.chunkReloadAt';
const RELOAD_GUARD_MS = 10_000;

function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message);
}

/**
 * What a failed screen shows. Spec 000 §2.2: if loading a page fails, the browser reloads (a new deployment
 * replaced the chunks); one reload per ten seconds at most, so a truly missing page shows an error instead of looping.
 */
export function ErrorNotice({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const reload =
    isChunkLoadError(error) && Date.now() - (sessionStore.get<number>(RELOADED_AT_KEY) ?? 0) > RELOAD_GUARD_MS;

  useEffect(() => {
    if (!reload) return;
    sessionStore.set(RELOADED_AT_KEY, Date.now());
    window.location.reload();
  }, [reload]);

  if (reload) return null;
  return (
    <Box sx={{ p: 3 }}>
      <Alert severity="error">{t('errorMsgs.general')}</Alert>
    </Box>
  );
}

type Props = { children: ReactNode };

/** The error notice for what renders outside the signed-in app's router (its routes have error elements). */
export class ErrorBoundary extends Component<Props, { error: unknown }> {
  override state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown error') };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <ErrorNotice error={this.state.error} />;
  }
}
