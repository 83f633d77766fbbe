import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { checkDateLimit, MENU_LIMITS } from '@cd/core';
import { DateSelection } from '../../../components/date-selection';
import { useItemEditor } from '../editor/editor-context';

/** Item dates are stored dd-MM-yyyy (spec 001 §3.5); the date widgets exchange 'YYYY-MM-DD'. */
export const toIso = (date: string) => date.replace(/^(\d{2})-(\d{2})-(\d{4})$/, '$3-$2-$1');
export const fromIso = (date: string) => date.replace(/^(\d{4})-(\d{2})-(\d{2})$/, '$3-$2-$1');

// The widget itself never refuses a selection for its size: the item's own limit does, with its alert.
const NO_WIDGET_CAP = 100_000;

type Props = { label: string; value: string[]; onChange: (value: string[]) => void; disabled?: boolean };

/**
 * Available dates (spec 001 §5.2): added from today on; more than 366 dates is refused with a failure alert
 * (editMenu.formFieldLabels.dateLimitExceededError) and a warning under the picker.
 */
export function DatesPicker({ label, value, onChange, disabled = false }: Props) {
  const { t } = useTranslation();
  const { alert } = useItemEditor();
  const [refused, setRefused] = useState(false);
  const handleChange = (iso: string[]) => {
    const error = checkDateLimit(iso);
    if (error) {
      setRefused(true);
      alert('failure', t(error.key, error.message));
      return;
    }
    setRefused(false);
    onChange(iso.map(fromIso));
  };
  return (
    <Box>
      <DateSelection
        label={label}
        value={value.map(toIso)}
        onChange={handleChange}
        minDate={dayjs().format('YYYY-MM-DD')}
        maxDates={NO_WIDGET_CAP}
        disabled={disabled}
      />
      {refused && (
        <Typography variant="body2" color="warning.main" role="status" sx={{ mt: 1 }}>
          {t('editMenu.dateLimitWarning', { max: MENU_LIMITS.dateLimit })}
        </Typography>
      )}
    </Box>
  );
}
