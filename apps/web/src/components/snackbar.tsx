import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { keyframes } from '@mui/material/styles';
import { SNACKBAR_MS } from '@cd/core';

export type SnackbarSeverity = AlertColor;
/** `action`: one button beside the message (e.g. Undo); choosing it closes the notice. */
export type Notice = { message: string; severity?: SnackbarSeverity; action?: { label: string; onClick: () => void } };
export type Notify = (notice: Notice) => void;
export type SnackbarApi = { show: (message: string, severity?: SnackbarSeverity) => void };

const SnackbarContext = createContext<Notify | null>(null);

type Shown = Notice & { id: number };

/** MUI's Grow, as Snackbar plays it: in over 225 ms, out over 195 ms. */
const grow = keyframes`
  from { opacity: 0; transform: scale(0.75, 0.5625); }
  to { opacity: 1; transform: none; }
`;
const EXIT_MS = 195;

/**
 * One snackbar for the whole app, mounted once near the root; it hides itself after SNACKBAR_MS
 * (spec 000 §2.4, §9). A new message replaces the one on screen and starts its own 5 s.
 *
 * It behaves as MUI's Snackbar did here (top centre, Escape closes, the time stops while the pointer is on it or the
 * window is in the background and resumes with half of it; a click elsewhere does not close it), without Snackbar,
 * Grow, ClickAwayListener and their transition library: it is on the sign-in page, whose JS has a budget
 * (DESIGN.md §7).
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

  const close = useCallback(() => setOpen(false), []);

  // Closed, the notice plays its way out, then leaves the page.
  useEffect(() => {
    if (open || !shown) return;
    const timer = setTimeout(() => setShown(null), EXIT_MS);
    return () => clearTimeout(timer);
  }, [open, shown]);

  return (
    <SnackbarContext.Provider value={notify}>
      {children}
      {shown && <SnackbarNotice key={shown.id} notice={shown} open={open} onClose={close} />}
    </SnackbarContext.Provider>
  );
}

type NoticeProps = { notice: Shown; open: boolean; onClose: () => void };

function SnackbarNotice({ notice, open, onClose }: NoticeProps) {
  const [paused, setPaused] = useState(false);
  const [delay, setDelay] = useState(SNACKBAR_MS);

  useEffect(() => {
    if (!open || paused) return;
    const timer = setTimeout(onClose, delay);
    return () => clearTimeout(timer);
  }, [open, paused, delay, onClose]);

  useEffect(() => {
    if (!open) return;
    const pause = () => setPaused(true);
    const resume = () => {
      setDelay(SNACKBAR_MS / 2);
      setPaused(false);
    };
    const handleKeyDown = (event: KeyboardEvent) => {
      if (!event.defaultPrevented && event.key === 'Escape') onClose();
    };
    window.addEventListener('blur', pause);
    window.addEventListener('focus', resume);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      window.removeEventListener('blur', pause);
      window.removeEventListener('focus', resume);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [open, onClose]);

  return (
    <Box
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => {
        setDelay(SNACKBAR_MS / 2);
        setPaused(false);
      }}
      sx={(theme) => ({
        position: 'fixed',
        zIndex: theme.zIndex.snackbar,
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'center',
        top: 8,
        left: 8,
        right: 8,
        [theme.breakpoints.up('sm')]: { top: 24, left: '50%', right: 'auto', transform: 'translateX(-50%)' },
      })}
    >
      <Alert
        onClose={onClose}
        severity={notice.severity ?? 'info'}
        variant="filled"
        data-testid="notice"
        action={
          notice.action && (
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                notice.action?.onClick();
                onClose();
              }}
            >
              {notice.action.label}
            </Button>
          )
        }
        sx={(theme) => ({
          width: '100%',
          animation: open
            ? `${grow} 225ms ${theme.transitions.easing.easeOut}`
            : `${grow} ${EXIT_MS}ms ${theme.transitions.easing.sharp} reverse forwards`,
        })}
      >
        {notice.message}
      </Alert>
    </Box>
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
