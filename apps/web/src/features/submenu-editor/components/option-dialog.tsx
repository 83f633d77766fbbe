import { useId, useState } from 'react';
import { Close as CloseIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { imageManagerAction, MENU_LIMITS, optionErrors, withDisplay, type SubmenuOption } from '@cd/core';
import { MediaChooser } from '../../../components/media';
import { RadioGroupField } from '../../../components/radio-group-field';
import { TextInput } from '../../../components/text-input';
import { useEditorMoney } from '../editor-money';
import { cleanPriceText, draftToOption, type OptionDraft } from '../option-draft';
import { GroupFields } from './group-fields';
import { WholeNumberField } from './whole-number-field';

/**
 * Submenu option images: imagemanager action sub_menu (spec 001 §7). The value is the restaurant in menu mode (the
 * server lists only a restaurant of the user's sites) and the spec's shared `submenu_image` in price-book mode.
 */
export const SUBMENU_IMAGE_ACTION = 'sub_menu';
export const SUBMENU_IMAGE_VALUE = 'submenu_image';

type Props = {
  kind: 'add' | 'edit';
  draft: OptionDraft;
  onChange: (draft: OptionDraft) => void;
  /** The options already in the list (names must differ from theirs). */
  others: SubmenuOption[];
  onDone: (option: SubmenuOption) => void;
  onClose: () => void;
  /** The image library's value: the restaurant in menu mode; SUBMENU_IMAGE_VALUE by default. */
  imageValue?: string;
};

/** The add/edit option dialog (spec 001 §3.7, §4.3, §5.3). Done validates with core's validateOption. */
export function OptionDialog({
  kind,
  draft,
  onChange,
  others,
  onDone,
  onClose,
  imageValue = SUBMENU_IMAGE_VALUE,
}: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const money = useEditorMoney();
  const { option } = draft;
  const linked = Boolean(option.foodid);
  const update = (fn: (o: SubmenuOption) => SubmenuOption) => onChange({ ...draft, option: fn(draft.option) });
  const rule = (key: 'free_quantity' | 'min_quantity' | 'max_quantity') => (value: number | null) =>
    update((o) => ({ ...o, rules: { ...o.rules, [key]: value } }));

  // Done refused marks every problem at its field (core's optionErrors, the save's rules too); from then on the
  // marks follow the edits (issue 21 point 7; before, one warning popup at a time).
  const [tried, setTried] = useState(false);
  const errors = tried ? optionErrors(draftToOption(draft), others) : [];
  const errorOf = (field: string) => {
    const rule = errors.find((e) => e.field === field);
    return rule ? t(rule.key, { defaultValue: rule.message }) : undefined;
  };
  const done = () => {
    const result = draftToOption(draft);
    if (optionErrors(result, others).length > 0) setTried(true);
    else onDone(result);
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t(kind === 'add' ? 'submenu.editor.optionDialog.addTitle' : 'submenu.editor.optionDialog.editTitle')}
      </DialogTitle>
      <IconButton
        aria-label={t('submenu.editor.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <Stack spacing={2}>
          {errors.length > 0 && (
            <Alert severity="error" role="alert">
              {t('submenu.editor.errors.dialog', { count: errors.length })}
            </Alert>
          )}
          {linked && (
            <Alert severity="info">{t('submenu.editor.optionDialog.linked', { foodid: option.foodid })}</Alert>
          )}
          <TextInput
            label={t('submenu.editor.fields.optionName')}
            value={option.name}
            required
            onChange={(e) => update((o) => ({ ...o, name: e.target.value }))}
            inputProps={{ maxLength: MENU_LIMITS.nameMax }}
            error={Boolean(errorOf('name'))}
            helperText={errorOf('name')}
          />
          <TextInput
            label={t('submenu.editor.fields.shortName')}
            value={option.shortName}
            onChange={(e) => update((o) => ({ ...o, shortName: e.target.value }))}
            inputProps={{ maxLength: 60 }}
          />
          <RadioGroupField
            row
            label={t('submenu.editor.fields.optionType')}
            value={option.type}
            disabled={linked}
            options={[
              { value: 'item', label: t('submenu.editor.types.item') },
              { value: 'group', label: t('submenu.editor.types.group') },
            ]}
            onChange={(type) => update((o) => ({ ...o, type: type === 'group' ? 'group' : 'item' }))}
            error={Boolean(errorOf('type'))}
            helperText={errorOf('type') ?? (linked ? t('submenu.editor.optionDialog.typeLocked') : undefined)}
          />
          {option.type === 'item' && (
            <TextInput
              label={t('submenu.editor.fields.price')}
              value={draft.priceText}
              onChange={(e) => onChange({ ...draft, priceText: cleanPriceText(e.target.value) })}
              inputProps={{ inputMode: 'decimal' }}
              startAdornment={money.adornment}
              error={Boolean(errorOf('price'))}
              helperText={errorOf('price') ?? t('submenu.editor.optionDialog.priceHelp')}
            />
          )}
          <MediaChooser
            id="submenu-option-image"
            header={t('submenu.editor.fields.image')}
            value={option.imageurl || null}
            onChange={(url) => update((o) => ({ ...o, imageurl: typeof url === 'string' ? url : (url[0] ?? '') }))}
            guide={imageManagerAction(SUBMENU_IMAGE_ACTION).guide}
            action={SUBMENU_IMAGE_ACTION}
            actionValue={imageValue}
            // Spec 001 §7: an uploaded submenu image refreshes the list; it shows no "uploaded" notice.
            notifyUploadSuccess={false}
          />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
            <WholeNumberField
              label={t('submenu.editor.fields.freeQuantity')}
              value={option.rules.free_quantity}
              onChange={rule('free_quantity')}
            />
            <WholeNumberField
              label={t('submenu.editor.fields.minQuantity')}
              value={option.rules.min_quantity}
              onChange={rule('min_quantity')}
            />
            <WholeNumberField
              label={t('submenu.editor.fields.maxQuantity')}
              value={option.rules.max_quantity}
              onChange={rule('max_quantity')}
              error={errorOf('max_quantity')}
            />
          </Box>
          <RadioGroupField
            row
            label={t('submenu.editor.fields.display')}
            value={option.rules.display}
            options={[
              { value: 'selection', label: t('submenu.editor.display.selection') },
              { value: 'quantity', label: t('submenu.editor.display.quantity') },
            ]}
            onChange={(display) =>
              update((o) => ({ ...o, rules: withDisplay(o.rules, display === 'quantity' ? 'quantity' : 'selection') }))
            }
          />
          {option.type === 'group' && (
            <GroupFields
              option={option}
              onChange={update}
              errors={{
                items: errorOf('items'),
                min: errorOf('min'),
                max: errorOf('max'),
                default: errorOf('default'),
              }}
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('submenu.editor.cancel')}</Button>
        <Button variant="contained" onClick={done}>
          {t('submenu.editor.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
