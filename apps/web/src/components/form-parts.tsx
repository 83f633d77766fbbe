import type { ReactNode } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

/** A titled part of a long form (a fieldset, so its fields are announced under its name). */
export function FormSection({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <Box
      component="fieldset"
      sx={{ border: 0, p: 0, m: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography component="legend" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1.5 }}>
          {hint}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/** A row of fields that wraps on narrow screens. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>{children}</Box>;
}

/** Chips of free text (categories, codes): typed, then Enter, a comma or leaving the field adds one. */
export function TextChips(props: {
  label: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  hint: string;
  error?: string;
}) {
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      autoSelect
      options={[]}
      value={[...props.value]}
      onChange={(_event, value) => props.onChange([...new Set(value.map((v) => v.trim()).filter(Boolean))])}
      renderValue={(value, getItemProps) =>
        value.map((option, index) => {
          const { key, ...chip } = getItemProps({ index });
          return <Chip key={key} size="small" label={option} {...chip} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          error={Boolean(props.error)}
          helperText={props.error ?? props.hint}
        />
      )}
    />
  );
}
