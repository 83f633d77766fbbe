import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';
import { RESTAURANT_SECTIONS, type RestaurantSectionId } from '../sections';

type Props = { active: RestaurantSectionId; onSelect: (id: RestaurantSectionId) => void };

/** The form's left section navigation; the section in view is highlighted (aria-current). */
export function SectionNav({ active, onSelect }: Props) {
  const { t } = useTranslation();
  return (
    <List component="nav" aria-label={t('restaurant.dialog.sections')} dense>
      {RESTAURANT_SECTIONS.map((id) => (
        <ListItemButton
          key={id}
          selected={id === active}
          aria-current={id === active ? 'true' : undefined}
          onClick={() => onSelect(id)}
        >
          <ListItemText primary={t(`restaurant.sections.${id}`)} />
        </ListItemButton>
      ))}
    </List>
  );
}
