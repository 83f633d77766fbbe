import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ItemFormValues } from '../editor/form-values';
import type { WidgetProps } from './types';

const HEX = /^#[0-9A-Fa-f]{6}$/;

/** The colour box: a colour picker and its #RRGGBB text, or no colour. */
export function ColourWidget({ def, disabled }: WidgetProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<ItemFormValues>();
  return (
    <Controller
      control={control}
      name="itemcolor"
      render={({ field }) => {
        const value = field.value ?? '';
        const invalid = value !== '' && !HEX.test(value);
        return (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
            {/* Without a colour the swatch is empty (crossed out), not the picker's black (issue 21). */}
            <Box
              data-testid="colour-swatch"
              data-empty={!HEX.test(value)}
              sx={{
                width: 48,
                height: 40,
                flexShrink: 0,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                background: HEX.test(value)
                  ? 'transparent'
                  : 'linear-gradient(to top right, transparent calc(50% - 1px), #9e9e9e, transparent calc(50% + 1px))',
              }}
            >
              <Box
                component="input"
                type="color"
                aria-label={t('editMenu.colour.picker', { label: def.label })}
                value={HEX.test(value) ? value : '#000000'}
                disabled={disabled}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => field.onChange(e.target.value.toUpperCase())}
                sx={{
                  width: '100%',
                  height: '100%',
                  p: 0,
                  border: 0,
                  bgcolor: 'transparent',
                  cursor: 'pointer',
                  opacity: HEX.test(value) ? 1 : 0,
                }}
              />
            </Box>
            <TextField
              size="small"
              label={def.label}
              value={value}
              placeholder="#RRGGBB"
              disabled={disabled}
              onChange={(e) => field.onChange(e.target.value.trim().slice(0, 7))}
              error={invalid}
              helperText={invalid ? t('editMenu.colour.invalid') : undefined}
              sx={{ width: 160 }}
            />
            <Button
              size="small"
              disabled={disabled || value === ''}
              onClick={() => field.onChange('')}
              sx={{ mt: 0.5 }}
            >
              {t('editMenu.colour.clear')}
            </Button>
          </Box>
        );
      }}
    />
  );
}
