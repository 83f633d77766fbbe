import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { RestaurantPicker, ThemedDateTimePicker } from '../../../components';

type Props = {
  restaurant: string | undefined;
  date: string;
  onChange: (patch: { restaurant?: string | undefined; date?: string }) => void;
  /** The latest business date that may be chosen (default: any). */
  maxDate?: string;
  restaurantLabel?: string;
};

/** A restaurant (by name, grouped by food court) and one of its business dates. */
export function DayChooser({ restaurant, date, onChange, maxDate, restaurantLabel }: Props) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
      <RestaurantPicker
        label={restaurantLabel ?? t('dayend.restaurant')}
        value={restaurant}
        onChange={(next) => onChange({ restaurant: next })}
      />
      <Box sx={{ width: 200 }}>
        <ThemedDateTimePicker
          type="date"
          label={t('dayend.businessDate')}
          value={date}
          maxDate={maxDate}
          onChange={(next) => next && onChange({ date: next })}
        />
      </Box>
    </Box>
  );
}
