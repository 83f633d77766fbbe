import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { NewsPost } from '@cd/core';

const COLOURS: Record<NewsPost['state'], ChipProps['color']> = {
  draft: 'default',
  scheduled: 'info',
  live: 'success',
  expired: 'default',
};

/** A post's state: Draft, Scheduled, Live or Expired. */
export function StateChip({ state }: { state: NewsPost['state'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={state === 'live' || state === 'scheduled' ? 'filled' : 'outlined'}
      color={COLOURS[state]}
      label={t(`buzzfeed.state.${state}`)}
    />
  );
}
