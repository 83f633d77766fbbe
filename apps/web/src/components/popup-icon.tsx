import {
  CheckCircleOutline as CheckCircleOutlineIcon,
  HighlightOff as HighlightOffIcon,
  WarningAmber as WarningAmberIcon,
} from './icons';

/** The three kinds of pop-up of spec 000 §2.4; each has its own icon. */
export type PopupType = 'success' | 'failure' | 'warning';

type Props = { type: PopupType };

/** The large icon at the top of a confirmation or alert pop-up. Decorative: the title says the same. */
export function PopupIcon({ type }: Props) {
  const sx = { fontSize: 56 };
  const testId = `popup-icon-${type}`;
  if (type === 'success') return <CheckCircleOutlineIcon color="success" sx={sx} data-testid={testId} />;
  if (type === 'failure') return <HighlightOffIcon color="error" sx={sx} data-testid={testId} />;
  return <WarningAmberIcon color="warning" sx={sx} data-testid={testId} />;
}
