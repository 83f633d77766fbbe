import Chip, { type ChipProps } from '@mui/material/Chip';

/**
 * How a status reads at a glance: `quiet` (outlined) for a state nothing happens in — a draft, a cancelled or ended
 * record — and a filled colour for the others (info: waiting for its time; warning: under way; success: done;
 * error: failed).
 */
export type StatusTone = 'quiet' | 'neutral' | 'info' | 'warning' | 'success' | 'error';

const COLOURS: Record<StatusTone, ChipProps['color']> = {
  quiet: 'default',
  neutral: 'default',
  info: 'info',
  warning: 'warning',
  success: 'success',
  error: 'error',
};

/** A record's status as a small chip (lists and detail headers of every feature with a lifecycle). */
export function StatusChip({ label, tone }: { label: string; tone: StatusTone }) {
  return <Chip size="small" variant={tone === 'quiet' ? 'outlined' : 'filled'} color={COLOURS[tone]} label={label} />;
}
