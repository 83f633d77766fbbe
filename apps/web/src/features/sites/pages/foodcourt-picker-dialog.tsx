import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GenericDialog } from '../../../components/generic-dialog';
import { SiteAutocomplete } from '../components/site-autocomplete';

type Props = {
  /** Offer only this organisation's food courts (the list's organisation filter). */
  location?: string;
  onPick: (foodcourt: string) => void;
  onClose: () => void;
};

/** Adding a restaurant with no food court chosen: the food court comes first (a restaurant id starts with it). */
export function FoodcourtPickerDialog({ location, onPick, onClose }: Props) {
  const { t } = useTranslation();
  const [foodcourt, setFoodcourt] = useState<string | undefined>();
  return (
    <GenericDialog
      open
      title={t('sites.restaurant.pickFoodcourtTitle')}
      onClose={onClose}
      actionLabel={t('sites.common.continue')}
      actionDisabled={!foodcourt}
      onAction={() => foodcourt && onPick(foodcourt)}
    >
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('sites.restaurant.pickFoodcourtText')}
      </Typography>
      <SiteAutocomplete
        kind="foodcourt"
        label={t('sites.fields.foodcourt')}
        value={foodcourt}
        location={location}
        onChange={(id) => setFoodcourt(id)}
        size="medium"
        autoFocus
      />
    </GenericDialog>
  );
}
