import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { DayState } from '@cd/core';
import { DAY_STATE_COLOR } from '../format';

/** Open, Closed or Reopened, coloured (and worded, so colour is never the only sign). */
export function DayStateChip({ state }: { state: DayState }) {
  const { t } = useTranslation();
  return <Chip size="small" color={DAY_STATE_COLOR[state]} label={t(`dayend.state.${state}`)} />;
}
