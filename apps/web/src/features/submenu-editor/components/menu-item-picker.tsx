import { useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import type { FoodItemSummary } from '@cd/core';
import { useEditorMoney } from '../editor-money';

type Props = {
  /** The restaurant's items enabled as submenu and not yet in the list. */
  items: FoodItemSummary[];
  disabled: boolean;
  helperText: string;
  onPick: (item: FoodItemSummary) => void;
};

/** Menu mode: make an option from one of the restaurant's menu items (spec 001 §4.3 linking). */
export function MenuItemPicker({ items, disabled, helperText, onPick }: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const { format } = useEditorMoney();
  return (
    <Autocomplete<FoodItemSummary>
      options={items}
      value={null}
      inputValue={input}
      onInputChange={(_event, value, reason) => setInput(reason === 'reset' ? '' : value)}
      onChange={(_event, item) => {
        if (item) onPick(item);
        setInput('');
      }}
      getOptionLabel={(item) => item.foodname}
      isOptionEqualToValue={(a, b) => a.foodid === b.foodid}
      renderOption={(props, item) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {item.foodname} ({format(item.price)})
          </li>
        );
      }}
      disabled={disabled}
      noOptionsText={t('submenu.editor.link.noItems')}
      sx={{ minWidth: 280, flex: 1 }}
      renderInput={(params) => (
        <TextField {...params} size="small" label={t('submenu.editor.link.menuLabel')} helperText={helperText} />
      )}
    />
  );
}
