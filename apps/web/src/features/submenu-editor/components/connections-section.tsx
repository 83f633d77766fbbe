import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { submenuAllowedForItem, type FoodItemSummary } from '@cd/core';
import { MultiSelectDropdown } from '../../../components/multi-select-dropdown';

type Props = {
  items: FoodItemSummary[];
  value: string[];
  onChange: (foodids: string[]) => void;
  /** Every option carries a food id (restricts which items may use the submenu, spec 001 §4.2). */
  allLinked: boolean;
  /** Refusals of the last save try (items that may not use this submenu). */
  errors?: string[];
};

/**
 * Menu mode: the menu items the submenu is connected to (spec 001 §2.4). The list offers the items that may use
 * this submenu (§4.2) and keeps those already chosen; the save sends the difference.
 */
export function ConnectionsSection({ items, value, onChange, allLinked, errors = [] }: Props) {
  const { t } = useTranslation();
  const chosen = new Set(value);
  const options = items
    .filter((item) => chosen.has(item.foodid) || submenuAllowedForItem(item, allLinked))
    .map((item) => ({ value: item.foodid, label: item.foodname }));
  return (
    <Box component="section" aria-labelledby="submenu-connections-heading">
      <Typography id="submenu-connections-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('submenu.editor.connections.title')}
      </Typography>
      <MultiSelectDropdown
        label={t('submenu.editor.connections.label')}
        options={options}
        value={value}
        onChange={onChange}
        helperText={errors.length ? errors.join(' ') : t('submenu.editor.connections.help')}
        error={errors.length > 0}
      />
    </Box>
  );
}
