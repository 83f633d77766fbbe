import { Add as AddIcon, Delete as DeleteIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { canAddIngredient, VEG_FLAGS, type IngredientSection } from '@cd/core';
import type { ItemFormValues } from '../editor/form-values';
import type { WidgetProps } from './types';

/**
 * The ingredients box (spec 001 §3.5): sections with a header and ingredients (name and food type). An
 * ingredient can be added only once the last one has a name (spec 001 §5.2).
 */
export function IngredientsWidget({ def, disabled }: WidgetProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<ItemFormValues>();
  return (
    <Controller
      control={control}
      name="ingredients"
      render={({ field }) => {
        const sections = field.value as IngredientSection[];
        const setSection = (index: number, section: IngredientSection) =>
          field.onChange(sections.map((s, i) => (i === index ? section : s)));
        return (
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend" sx={{ mb: 1 }}>
              {def.label}
            </FormLabel>
            <Stack spacing={1.5}>
              {sections.map((section, si) => (
                <Paper
                  key={si}
                  variant="outlined"
                  sx={{ p: 1.5 }}
                  role="group"
                  aria-label={t('editMenu.ingredients.section', { n: si + 1 })}
                >
                  <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
                    <TextField
                      size="small"
                      label={t('editMenu.ingredients.header')}
                      value={section.header}
                      disabled={disabled}
                      onChange={(e) => setSection(si, { ...section, header: e.target.value })}
                      sx={{ flex: 1 }}
                    />
                    <IconButton
                      aria-label={t('editMenu.ingredients.removeSection', { n: si + 1 })}
                      disabled={disabled}
                      onClick={() => field.onChange(sections.filter((_, i) => i !== si))}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                  {section.values.map((value, vi) => {
                    const setValue = (next: Partial<typeof value>) =>
                      setSection(si, {
                        ...section,
                        values: section.values.map((v, i) => (i === vi ? { ...v, ...next } : v)),
                      });
                    return (
                      <Stack key={vi} direction="row" spacing={1} sx={{ mb: 1, pl: 2 }}>
                        <TextField
                          size="small"
                          label={t('editMenu.ingredients.name')}
                          value={value.name}
                          disabled={disabled}
                          onChange={(e) => setValue({ name: e.target.value })}
                          sx={{ flex: 1 }}
                        />
                        <TextField
                          select
                          size="small"
                          label={t('editMenu.ingredients.vegflag')}
                          value={value.vegflag}
                          disabled={disabled}
                          onChange={(e) => setValue({ vegflag: e.target.value as (typeof VEG_FLAGS)[number] })}
                          sx={{ width: 140 }}
                        >
                          {VEG_FLAGS.map((flag) => (
                            <MenuItem key={flag} value={flag}>
                              {t(`editMenu.vegflag.${flag}`)}
                            </MenuItem>
                          ))}
                        </TextField>
                        <IconButton
                          aria-label={t('editMenu.ingredients.remove', { name: value.name || vi + 1 })}
                          disabled={disabled}
                          onClick={() =>
                            setSection(si, { ...section, values: section.values.filter((_, i) => i !== vi) })
                          }
                        >
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </Stack>
                    );
                  })}
                  <Button
                    size="small"
                    startIcon={<AddIcon />}
                    disabled={disabled || !canAddIngredient(section)}
                    onClick={() =>
                      setSection(si, { ...section, values: [...section.values, { name: '', vegflag: 'V' }] })
                    }
                  >
                    {t('editMenu.ingredients.add')}
                  </Button>
                </Paper>
              ))}
              <Box>
                <Button
                  variant="outlined"
                  size="small"
                  startIcon={<AddIcon />}
                  disabled={disabled}
                  onClick={() => field.onChange([...sections, { header: '', values: [] }])}
                >
                  {t('editMenu.ingredients.addSection')}
                </Button>
              </Box>
            </Stack>
          </Box>
        );
      }}
    />
  );
}
