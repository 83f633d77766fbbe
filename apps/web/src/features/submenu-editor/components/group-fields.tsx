import { useState } from 'react';
import { DeleteOutline as DeleteIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { validateSubOption, withMandatory, withMultiple, type OptionRules, type SubmenuOption } from '@cd/core';
import { TextInput } from '../../../components/text-input';
import { useEditorMoney } from '../editor-money';
import { cleanPriceText, subNames } from '../option-draft';
import { WholeNumberField } from './whole-number-field';

type Props = {
  option: SubmenuOption;
  onChange: (update: (option: SubmenuOption) => SubmenuOption) => void;
  /** The option's refusals of the last Done, by field. */
  errors?: Partial<Record<'items' | 'min' | 'max' | 'default', string>>;
};

/** A group option's sub-options (name and price) and its own choice rules (spec 001 §3.7, §5.3). */
export function GroupFields({ option, onChange, errors = {} }: Props) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [price, setPrice] = useState('');
  // A refused "Add sub-option" says why under the name, until the name changes.
  const [subError, setSubError] = useState('');
  const money = useEditorMoney();
  const names = subNames(option);
  const rules = option.rules;
  const setRules = (update: (r: OptionRules) => OptionRules) => onChange((o) => ({ ...o, rules: update(o.rules) }));
  const showDefault = rules.ismand && !rules.multiple;

  const add = () => {
    const trimmed = name.trim();
    const value = price.trim() === '' ? null : Number(price);
    const error = validateSubOption(trimmed, value, names);
    if (error) {
      setSubError(t(error.key, { defaultValue: error.message }));
      return;
    }
    onChange((o) => ({
      ...o,
      items: { ...(o.items ?? {}), [trimmed]: { price: value ?? 0 } },
      refList: [...subNames(o), trimmed],
    }));
    setName('');
    setPrice('');
  };
  const remove = (sub: string) =>
    onChange((o) => {
      const items = { ...(o.items ?? {}) };
      delete items[sub];
      const isDefault = o.rules.default.toLowerCase() === sub.toLowerCase();
      return {
        ...o,
        items,
        refList: subNames(o).filter((n) => n !== sub),
        rules: isDefault ? { ...o.rules, default: '' } : o.rules,
      };
    });

  return (
    <Box component="section" aria-label={t('submenu.editor.group.section')}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('submenu.editor.group.title')}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Checkbox checked={rules.ismand} onChange={(e) => setRules((r) => withMandatory(r, e.target.checked))} />
          }
          label={t('submenu.editor.fields.mandatory')}
        />
        <FormControlLabel
          control={
            <Checkbox checked={rules.multiple} onChange={(e) => setRules((r) => withMultiple(r, e.target.checked))} />
          }
          label={t('submenu.editor.fields.multiple')}
        />
      </Stack>
      {rules.multiple && (
        <Stack direction="row" spacing={2} sx={{ my: 1 }}>
          <WholeNumberField
            label={t('submenu.editor.fields.min')}
            value={rules.min}
            onChange={(min) => setRules((r) => ({ ...r, min }))}
            error={errors.min}
          />
          <WholeNumberField
            label={t('submenu.editor.fields.max')}
            value={rules.max}
            onChange={(max) => setRules((r) => ({ ...r, max }))}
            error={errors.max}
          />
        </Stack>
      )}
      <List dense aria-label={t('submenu.editor.group.list')}>
        {names.length === 0 && (
          <ListItem>
            <ListItemText secondary={t('submenu.editor.group.empty')} />
          </ListItem>
        )}
        {names.map((sub) => (
          <ListItem
            key={sub}
            divider
            secondaryAction={
              <IconButton
                edge="end"
                size="small"
                aria-label={t('submenu.editor.deleteOption', { name: sub })}
                onClick={() => remove(sub)}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            }
          >
            {showDefault && (
              <Radio
                size="small"
                checked={rules.default.toLowerCase() === sub.toLowerCase()}
                onChange={() => setRules((r) => ({ ...r, default: sub }))}
                name="group-default"
                slotProps={{ input: { 'aria-label': t('submenu.editor.defaultOption', { name: sub }) } }}
              />
            )}
            <ListItemText primary={sub} secondary={money.format(option.items?.[sub]?.price ?? 0)} />
          </ListItem>
        ))}
      </List>
      {[errors.items, errors.default].filter(Boolean).map((text) => (
        <FormHelperText key={text} error>
          {text}
        </FormHelperText>
      ))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} sx={{ mt: 1 }}>
        <TextInput
          size="small"
          label={t('submenu.editor.group.subName')}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setSubError('');
          }}
          error={subError !== ''}
          helperText={subError || undefined}
          onKeyDown={(e) => {
            if (e.key === 'Enter') add();
          }}
        />
        <TextInput
          size="small"
          label={t('submenu.editor.group.subPrice')}
          value={price}
          onChange={(e) => setPrice(cleanPriceText(e.target.value))}
          inputProps={{ inputMode: 'decimal' }}
          startAdornment={money.adornment}
        />
        <Button variant="outlined" onClick={add} sx={{ flexShrink: 0 }}>
          {t('submenu.editor.group.add')}
        </Button>
      </Stack>
    </Box>
  );
}
