import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { MENU_LIMITS, withMandatory, withMultiple, type SubmenuForm } from '@cd/core';
import { TextInput } from '../../../components/text-input';
import type { EditorMode } from '../types';
import type { SaveErrors } from '../use-save-errors';
import { TagsField } from './tags-field';
import { WholeNumberField } from './whole-number-field';

type Props = {
  mode: EditorMode;
  form: SubmenuForm;
  setForm: (update: (form: SubmenuForm) => SubmenuForm) => void;
  /** Refusals of the last save try, by field. */
  errors?: SaveErrors;
};

/** Title, description, choice rules and quantities of the submenu (spec 001 §2.4); tags in price-book mode. */
export function DetailsSection({ mode, form, setForm, errors = {} }: Props) {
  const { t } = useTranslation();
  const errorOf = (place: keyof SaveErrors) => errors[place]?.join(' ');
  const limit = (key: 'min' | 'max' | 'free_quantity' | 'min_quantity' | 'max_quantity') => (value: number | null) =>
    setForm((f) => ({ ...f, [key]: value }));
  return (
    <Stack spacing={2} component="section" aria-label={t('submenu.editor.details')}>
      <TextInput
        label={t('submenu.editor.fields.title')}
        value={form.title}
        required
        onChange={(e) => setForm((f) => ({ ...f, title: e.target.value }))}
        inputProps={{ maxLength: MENU_LIMITS.nameMax }}
        error={Boolean(errorOf('title'))}
        helperText={errorOf('title')}
      />
      <TextInput
        label={t('submenu.editor.fields.description')}
        value={form.description}
        multiline
        minRows={2}
        onChange={(e) => setForm((f) => ({ ...f, description: e.target.value.slice(0, MENU_LIMITS.descriptionMax) }))}
        inputProps={{ maxLength: MENU_LIMITS.descriptionMax }}
        error={Boolean(errorOf('description'))}
        helperText={
          errorOf('description') ??
          t('submenu.editor.fields.descriptionCount', {
            count: form.description.length,
            max: MENU_LIMITS.descriptionMax,
          })
        }
      />
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Checkbox checked={form.ismand} onChange={(e) => setForm((f) => withMandatory(f, e.target.checked))} />
          }
          label={t('submenu.editor.fields.mandatory')}
        />
        <FormControlLabel
          control={
            <Checkbox checked={form.multiple} onChange={(e) => setForm((f) => withMultiple(f, e.target.checked))} />
          }
          label={t('submenu.editor.fields.multiple')}
        />
      </Stack>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' } }}
      >
        {form.multiple && (
          <>
            <WholeNumberField
              label={t('submenu.editor.fields.min')}
              value={form.min}
              onChange={limit('min')}
              error={errorOf('min')}
            />
            <WholeNumberField
              label={t('submenu.editor.fields.max')}
              value={form.max}
              onChange={limit('max')}
              error={errorOf('max')}
            />
          </>
        )}
        <WholeNumberField
          label={t('submenu.editor.fields.freeQuantity')}
          value={form.free_quantity}
          onChange={limit('free_quantity')}
        />
        <WholeNumberField
          label={t('submenu.editor.fields.minQuantity')}
          value={form.min_quantity}
          onChange={limit('min_quantity')}
        />
        <WholeNumberField
          label={t('submenu.editor.fields.maxQuantity')}
          value={form.max_quantity}
          onChange={limit('max_quantity')}
          error={errorOf('max_quantity')}
        />
      </Box>
      {mode === 'pricebook' && <TagsField value={form.tags} onChange={(tags) => setForm((f) => ({ ...f, tags }))} />}
    </Stack>
  );
}
