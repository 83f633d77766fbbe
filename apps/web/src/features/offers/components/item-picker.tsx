import { useEffect, useMemo, useState } from 'react';
import {
  ArrowDownward as ArrowDownwardIcon,
  ArrowUpward as ArrowUpwardIcon,
  Cancel as CancelIcon,
  DeleteOutline as DeleteIcon,
} from '../../../components/icons';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { MarketingItem } from '@cd/core';
import { moneyFormatter } from '../../../lib/money';
import { itemName, knownItem, useMarketingItems } from '../api';
import { useUserSites } from '../../../lib/use-user-sites';

const SEARCH_DELAY_MS = 250;

/** A search box's text, settled: the server is asked once typing pauses. */
function useSettled(text: string) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

const stub = (foodid: string): MarketingItem => knownItem(foodid) ?? { foodid, name: foodid, price: 0, categories: [] };

export type ItemSearchProps = {
  label: string;
  /** The restaurant whose items are searched (`GET /marketing/items?restaurant=`); none: nothing to search. */
  restaurant: string | undefined;
  /** The item chosen (a single choice); none for a search that adds to a list. */
  value?: string;
  onPick: (item: MarketingItem | null) => void;
  /** Items already chosen, left out of the choices. */
  exclude?: readonly string[];
  /** Empties the box after each pick (adding to a list). */
  clearOnPick?: boolean;
  error?: string;
  hint?: string;
  disabled?: boolean;
  size?: 'small' | 'medium';
  minWidth?: number;
};

/** One item of a restaurant, found by name on the server (up to 50 matches), with its price beside it. */
export function ItemSearch(props: ItemSearchProps) {
  const { label, restaurant, value, onPick, exclude = [], clearOnPick = false } = props;
  const { t } = useTranslation();
  const money = moneyFormatter();
  const [input, setInput] = useState('');
  const search = useSettled(input);
  const name = value ? itemName(value) : '';
  // One object per item and name: Autocomplete resets its text whenever its value changes.
  const selected = useMemo(() => (value ? stub(value) : null), [value, name]); // eslint-disable-line react-hooks/exhaustive-deps
  const typed = clearOnPick || !selected || input !== selected.name ? search : '';
  const items = useMarketingItems(restaurant, typed);
  const found = (items.data ?? []).filter((item) => !exclude.includes(item.foodid) || item.foodid === value);
  const options = selected && !found.some((item) => item.foodid === selected.foodid) ? [selected, ...found] : found;
  return (
    <Autocomplete<MarketingItem>
      options={options}
      value={clearOnPick ? null : selected}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        if (reason === 'reset' && clearOnPick) return;
        setInput(text);
      }}
      onChange={(_event, item) => {
        onPick(item);
        if (clearOnPick) setInput('');
      }}
      filterOptions={(all) => all}
      getOptionLabel={(item) => item.name}
      getOptionKey={(item) => item.foodid}
      isOptionEqualToValue={(a, b) => a.foodid === b.foodid}
      loading={items.isFetching}
      disabled={props.disabled || !restaurant}
      noOptionsText={restaurant ? t('offers.items.none') : t('offers.items.pickRestaurant')}
      loadingText={t('resource.loading')}
      size={props.size}
      sx={{ minWidth: props.minWidth ?? 240, flex: 1 }}
      renderOption={({ key, ...option }, item) => (
        <Box component="li" key={key} {...option} sx={{ display: 'flex', gap: 2, justifyContent: 'space-between' }}>
          <span>{item.name}</span>
          <Typography component="span" variant="body2" color="text.secondary">
            {money(item.price)}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(props.error)}
          helperText={props.error ?? (restaurant ? props.hint : t('offers.items.pickRestaurant'))}
        />
      )}
    />
  );
}

export type ItemPickerProps = {
  /** The group's name and its search box's label ("Qualifying items"). */
  label: string;
  value: readonly string[];
  onChange: (foodids: string[]) => void;
  /** The sites the items come from: the restaurants of these food courts, or these restaurants (default: all). */
  scope?: { foodcourts?: readonly string[]; restaurants?: readonly string[] };
  /** A list whose order matters (suggestions): numbered, with Move up / Move down. */
  ordered?: boolean;
  error?: string;
  hint?: string;
};

/**
 * Items chosen from the restaurants' menus: pick a restaurant, search its items by name, and each pick is added
 * (chips, or a numbered list when the order matters), shown by name and removed by its own button.
 */
export function ItemPicker({ label, value, onChange, scope, ordered = false, error, hint }: ItemPickerProps) {
  const { t } = useTranslation();
  const sites = useUserSites();
  const scoped = scope?.restaurants?.length
    ? scope.restaurants.map((r) => ({ value: r, label: sites.nameOf(r) }))
    : sites.restaurantOptions(scope?.foodcourts ?? []);
  const [restaurant, setRestaurant] = useState<string | undefined>(scoped[0]?.value);
  const current = scoped.some((r) => r.value === restaurant) ? restaurant : scoped[0]?.value;
  // Names come with the restaurant's first page of items (a stored rule holds only foodids).
  useMarketingItems(current, '');
  const remove = (foodid: string) => onChange(value.filter((v) => v !== foodid));
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    onChange(next);
  };
  return (
    <Box role="group" aria-label={label} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <TextField
          select
          label={t('offers.items.restaurant', { label })}
          value={current ?? ''}
          onChange={(event) => setRestaurant(event.target.value)}
          sx={{ minWidth: 220, flex: 1 }}
        >
          {scoped.map((r) => (
            <MenuItem key={r.value} value={r.value}>
              {r.label}
            </MenuItem>
          ))}
        </TextField>
        <ItemSearch
          label={label}
          restaurant={current}
          exclude={value}
          clearOnPick
          onPick={(item) => item && !value.includes(item.foodid) && onChange([...value, item.foodid])}
          hint={hint}
          error={error}
          minWidth={260}
        />
      </Box>
      {value.length > 0 && !ordered && (
        <Box
          component="ul"
          aria-label={t('offers.items.chosen', { label })}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
        >
          {value.map((foodid) => (
            <li key={foodid}>
              <Chip
                label={itemName(foodid)}
                onDelete={() => remove(foodid)}
                deleteIcon={<CancelIcon aria-label={t('offers.items.remove', { name: itemName(foodid) })} />}
              />
            </li>
          ))}
        </Box>
      )}
      {value.length > 0 && ordered && (
        <Box component="ol" aria-label={t('offers.items.chosen', { label })} sx={{ m: 0, pl: 3 }}>
          {value.map((foodid, index) => {
            const name = itemName(foodid);
            return (
              <li key={foodid}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Box sx={{ flex: 1 }}>{name}</Box>
                  <IconButton
                    size="small"
                    aria-label={t('offers.items.moveUp', { name })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('offers.items.moveDown', { name })}
                    disabled={index === value.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={t('offers.items.remove', { name })}
                    onClick={() => remove(foodid)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Box>
              </li>
            );
          })}
        </Box>
      )}
      {value.length === 0 && ordered && error === undefined && (
        <FormHelperText sx={{ mx: 1.75 }}>{t('offers.items.noneChosen')}</FormHelperText>
      )}
    </Box>
  );
}
