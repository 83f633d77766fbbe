import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_MS } from '@cd/core';

export type SnackbarSeverity = AlertColor;
export type Notice = { message: string; severity?: SnackbarSeverity };
export type Notify = (notice: Notice) => void;
export type SnackbarApi = { show: (message: string, severity?: SnackbarSeverity) => void };

const SnackbarContext = createContext<Notify | null>(null);

type Shown = Notice & { id: number };

/**
 * One snackbar for the whole app, mounted once near the root; it hides itself after SNACKBAR_MS
 * (spec 000 §2.4, §9). A new message replaces the one on screen and starts its own 5 s.
 */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);
  const nextId = useRef(0);

  const notify = useCallback<Notify>((notice) => {
    nextId.current += 1;
    setShown({ ...notice, id: nextId.current });
    setOpen(true);
  }, []);

  const handleClose = useCallback((_event?: unknown, reason?: string) => {
    // A click elsewhere on the page must not swallow a message before it was read.
    if (reason === 'clickaway') return;
    setOpen(false);
  }, []);

  return (
    <SnackbarContext.Provider value={notify}>
      {children}
      <Snackbar
        key={shown?.id}
        open={open}
        autoHideDuration={SNACKBAR_MS}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert
          onClose={handleClose}
          severity={shown?.severity ?? 'info'}
          variant="filled"
          sx={{ width: '100%' }}
          data-testid="notice"
        >
          {shown?.message}
        </Alert>
      </Snackbar>
    </SnackbarContext.Provider>
  );
}

/** The snackbar as a notice function: notify({ message, severity }). */
export function useNotify(): Notify {
  const notify = useContext(SnackbarContext);
  if (!notify) throw new Error('useNotify / useSnackbar must be used inside SnackbarProvider');
  return notify;
}

/** The snackbar as show(message, severity); severity defaults to 'info'. */
export function useSnackbar(): SnackbarApi {
  const notify = useNotify();
  return useMemo(() => ({ show: (message, severity) => notify({ message, severity }) }), [notify]);
}
