import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { PdfDocument } from '@cd/core';

const COLOURS: Record<PdfDocument['state'], ChipProps['color']> = {
  valid: 'success',
  expiring: 'warning',
  expired: 'error',
  no_file: 'default',
};

/** A document's state: Valid, Expiring (within its reminder days), Expired or No file. */
export function StateChip({ state }: { state: PdfDocument['state'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={state === 'no_file' ? 'outlined' : 'filled'}
      color={COLOURS[state]}
      label={t(`documents.state.${state}`)}
    />
  );
}
