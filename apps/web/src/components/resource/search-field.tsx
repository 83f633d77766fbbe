import { useEffect, useState } from 'react';
import { Search as SearchIcon } from '../icons';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { SEARCH_DEBOUNCE_MS } from '@cd/core';

type Props = {
  label: string;
  /** The applied search (from the address). */
  value: string;
  /** Called with the trimmed text once typing pauses for SEARCH_DEBOUNCE_MS (spec 000 §9: 500 ms). */
  onSearch: (search: string) => void;
  minWidth?: number;
};

/** A search box that applies its text after a pause, and follows the applied value when it changes elsewhere. */
export function SearchField({ label, value, onSearch, minWidth = 260 }: Props) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }

  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <TextField
      size="small"
      type="search"
      label={label}
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ minWidth }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
