import { useState } from 'react';
import { DeleteOutline as DeleteOutlineIcon } from './icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ConfirmPopup } from './confirm-popup';
import { formatIsoDate } from './date-values';

/** Spec 000 §9: the selected-dates list scrolls beyond 182px. */
export const SELECTED_DATES_MAX_HEIGHT = 182;

export type SelectedDateListProps = {
  /** 'YYYY-MM-DD', already sorted and without duplicates. */
  dates: readonly string[];
  onRemove: (date: string) => void;
  onClearAll: () => void;
  disabled?: boolean;
};

/** The chosen dates as DD-MM-YYYY, each removable, with 'Clear all' behind a Yes/No question. */
export function SelectedDateList({ dates, onRemove, onClearAll, disabled = false }: SelectedDateListProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);

  const handleConfirmClear = () => {
    setConfirming(false);
    onClearAll();
  };

  return (
    <Box>
      <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {dates.length === 0
            ? t('widgets.dateSelection.empty')
            : t('widgets.dateSelection.selectedCount', { count: dates.length })}
        </Typography>
        <Button size="small" onClick={() => setConfirming(true)} disabled={disabled || dates.length === 0}>
          {t('widgets.dateSelection.clearAll')}
        </Button>
      </Stack>
      <Box
        data-testid="selected-dates-list"
        sx={{
          maxHeight: SELECTED_DATES_MAX_HEIGHT,
          overflowY: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        <List dense disablePadding aria-label={t('widgets.dateSelection.label')}>
          {dates.map((date) => {
            const shown = formatIsoDate(date);
            return (
              <ListItem
                key={date}
                secondaryAction={
                  <IconButton
                    edge="end"
                    size="small"
                    aria-label={t('widgets.dateSelection.remove', { date: shown })}
                    onClick={() => onRemove(date)}
                    disabled={disabled}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemText primary={shown} />
              </ListItem>
            );
          })}
        </List>
      </Box>
      <ConfirmPopup
        open={confirming}
        type="warning"
        title={t('widgets.dateSelection.clearTitle')}
        primaryText={t('widgets.dateSelection.clearPrimary')}
        secondaryText={t('widgets.dateSelection.clearSecondary')}
        positiveLabel={t('widgets.common.yes')}
        negativeLabel={t('widgets.common.no')}
        onPositive={handleConfirmClear}
        onNegative={() => setConfirming(false)}
      />
    </Box>
  );
}
