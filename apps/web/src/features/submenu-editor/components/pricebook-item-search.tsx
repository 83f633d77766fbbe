import { useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { filterPricebookSearch, MENU_LIMITS, type PricebookFoodItem } from '@cd/core';
import { useDebouncedValue } from '../../../components/media/use-debounced-value';
import { usePricebookSearch } from '../api';
import { useEditorMoney } from '../editor-money';

type Choice = { kind: 'item'; item: PricebookFoodItem } | { kind: 'create'; name: string };

type Props = {
  path: number;
  /** Food ids already in the list. */
  exclude: ReadonlySet<string>;
  onPick: (item: PricebookFoodItem) => void;
  /** The user chose to make a new, unlinked option named as typed (the caller confirms first). */
  onCreate: (name: string) => void;
};

/**
 * Price-book mode: search the path's items (spec 001 §5.3): at least 3 characters, 800 ms after the last
 * key; only items enabled as submenu on the same path are kept. The list also offers a new option as typed.
 */
export function PricebookItemSearch({ path, exclude, onPick, onCreate }: Props) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const { format } = useEditorMoney();
  const typed = input.trim();
  const settled = useDebouncedValue(typed, MENU_LIMITS.searchDebounceMs);
  const searching = settled.length >= MENU_LIMITS.searchMinChars;
  const search = usePricebookSearch(path, settled, searching);

  const choices = useMemo<Choice[]>(() => {
    const found =
      searching && settled === typed
        ? filterPricebookSearch(search.data ?? [], path)
            .filter((item) => !exclude.has(item.foodid))
            .map((item): Choice => ({ kind: 'item', item }))
        : [];
    return typed ? [...found, { kind: 'create', name: typed }] : found;
  }, [searching, settled, typed, search.data, path, exclude]);

  const waiting = typed.length >= MENU_LIMITS.searchMinChars && (settled !== typed || search.isFetching);
  return (
    <Autocomplete<Choice>
      options={choices}
      value={null}
      inputValue={input}
      onInputChange={(_event, value, reason) => setInput(reason === 'reset' ? '' : value)}
      onChange={(_event, choice) => {
        if (!choice) return;
        if (choice.kind === 'item') onPick(choice.item);
        else onCreate(choice.name);
        setInput('');
      }}
      filterOptions={(list) => list}
      getOptionLabel={(c) => (c.kind === 'item' ? c.item.foodname : c.name)}
      getOptionKey={(c) => (c.kind === 'item' ? `item:${c.item.foodid}` : `create:${c.name}`)}
      isOptionEqualToValue={(a, b) => a === b}
      renderOption={(props, c) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {c.kind === 'item'
              ? `${c.item.foodname} (${format(c.item.price)})`
              : t('submenu.editor.link.create', { name: c.name })}
          </li>
        );
      }}
      loading={waiting}
      loadingText={t('submenu.editor.link.searching')}
      noOptionsText={t('submenu.editor.link.minChars', { count: MENU_LIMITS.searchMinChars })}
      sx={{ minWidth: 280, flex: 1 }}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={t('submenu.editor.link.searchLabel')}
          helperText={t('submenu.editor.link.searchHelp', { count: MENU_LIMITS.searchMinChars })}
        />
      )}
    />
  );
}
