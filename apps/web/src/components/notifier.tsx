import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_MS } from '@cd/core';

export type Notice = { message: string; severity?: AlertColor };
type Notify = (notice: Notice) => void;

const NotifierContext = createContext<Notify | null>(null);

type Shown = Notice & { id: number };

/** One snackbar for the whole app; it hides itself after SNACKBAR_MS (spec 000 §2.4, §9). */
export function NotifierProvider({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [open, setOpen] = useState(false);

  const notify = useCallback<Notify>((notice) => {
    setShown({ ...notice, id: Date.now() });
    setOpen(true);
  }, []);

  const handleClose = useCallback((_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setOpen(false);
  }, []);

  const value = useMemo(() => notify, [notify]);

  return (
    <NotifierContext.Provider value={value}>
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
    </NotifierContext.Provider>
  );
}

export function useNotify(): Notify {
  const notify = useContext(NotifierContext);
  if (!notify) throw new Error('useNotify must be used inside NotifierProvider');
  return notify;
}
