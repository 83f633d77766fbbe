import { useMemo, useState, type ReactNode, type Ref } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '@cd/core';
import { foodcourtApi, locationApi } from '../api';
import { useDebouncedValue } from '../use-debounced-value';

export type SiteOption = { id: string; name: string; location?: string };

type Props = {
  kind: 'location' | 'foodcourt';
  label: string;
  /** The chosen id (from the address or the form). */
  value: string | undefined;
  onChange: (id: string | undefined, option: SiteOption | null) => void;
  /** Food courts only: those of this organisation. */
  location?: string;
  error?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  required?: boolean;
  size?: 'small' | 'medium';
  minWidth?: number;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

/** How many matches the picker offers; typing narrows them on the server. */
const OPTIONS_SHOWN = 50;

/**
 * Picks an organisation or a food court by searching on the server (after the 500 ms pause of spec 000 §9),
 * so the choice scales to any number of sites; only a page of matches is ever loaded.
 */
export function SiteAutocomplete({
  kind,
  label,
  value,
  onChange,
  location,
  error,
  helperText,
  disabled,
  required,
  size = 'small',
  minWidth = 240,
  autoFocus,
  inputRef,
}: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const query = { search: search || undefined, location, page: 1, page_size: OPTIONS_SHOWN };
  const locations = locationApi.useList(query, open && kind === 'location');
  const foodcourts = foodcourtApi.useList(query, open && kind === 'foodcourt');

  const options = useMemo<SiteOption[]>(
    () =>
      kind === 'location'
        ? (locations.data?.rows ?? []).map((l) => ({ id: l.location, name: l.name }))
        : (foodcourts.data?.rows ?? []).map((f) => ({ id: f.foodcourt, name: f.name, location: f.location })),
    [kind, locations.data, foodcourts.data],
  );

  // The chosen site's name: remembered from the pick, else looked up (a reload shows only the id).
  const [picked, setPicked] = useState<SiteOption | null>(null);
  const known = picked?.id === value ? picked : options.find((o) => o.id === value);
  const locationById = locationApi.useOne(kind === 'location' && !known ? value : undefined);
  const foodcourtById = foodcourtApi.useOne(kind === 'foodcourt' && !known ? value : undefined);
  const looked = kind === 'location' ? locationById.data : foodcourtById.data;
  const selected: SiteOption | null = !value
    ? null
    : (known ??
      (looked
        ? { id: value, name: looked.name, location: looked.location }
        : { id: value, name: value, location: undefined }));

  const loading = kind === 'location' ? locations.isFetching : foodcourts.isFetching;

  return (
    <Autocomplete<SiteOption>
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={selected}
      options={options}
      loading={loading}
      disabled={disabled}
      size={size}
      sx={{ minWidth }}
      // The server filters; the picker shows what it answered.
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.id}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {option.name}
            <span style={{ opacity: 0.6, marginLeft: 8, fontSize: '0.85em' }}>{option.id}</span>
          </li>
        );
      }}
      onInputChange={(_event, text, reason) => setTyped(reason === 'input' ? text : '')}
      onChange={(_event, option) => {
        setPicked(option);
        onChange(option?.id, option);
      }}
      loadingText={t('sites.list.loading')}
      noOptionsText={t('sites.list.noMatches')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={error}
          helperText={helperText}
          required={required}
          autoFocus={autoFocus}
          inputRef={inputRef}
        />
      )}
    />
  );
}
