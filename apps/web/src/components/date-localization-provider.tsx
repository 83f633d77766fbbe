import { useContext, type ReactNode } from 'react';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider, MuiPickersAdapterContext } from '@mui/x-date-pickers/LocalizationProvider';

type Props = { children: ReactNode };

/**
 * The date adapter (dayjs, English: weeks start on Sunday) for every picker below it. The app mounts it once;
 * each picker widget also wraps itself in it when none is mounted, so widgets work anywhere (tests, stories).
 */
export function DateLocalizationProvider({ children }: Props) {
  return <LocalizationProvider dateAdapter={AdapterDayjs}>{children}</LocalizationProvider>;
}

/** Mounts DateLocalizationProvider only when no ancestor already provides a date adapter. */
export function EnsureDateLocalization({ children }: Props) {
  // Deprecated in favour of a hook that throws without a provider; the context is what can be probed.
  const adapter = useContext(MuiPickersAdapterContext);
  if (adapter?.utils) return <>{children}</>;
  return <DateLocalizationProvider>{children}</DateLocalizationProvider>;
}
