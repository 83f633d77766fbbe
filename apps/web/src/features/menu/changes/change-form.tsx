import { Delete as DeleteIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  MENU_CHANGE_LIMITS,
  menuChangeSetBody,
  type FoodItemSummary,
  type MenuChangeSet,
  type MenuChangeSetBody,
  type MenuChangeSetInput,
} from '@cd/core';
import {
  FormDateTimeField,
  FormNumberField,
  FormTextField,
  ResourceFormDialog,
  type FormRenderProps,
} from '../../../components/resource';
import { RestaurantPicker } from '../../../components/restaurant-picker';
import { moneyFormatter } from '../../../lib/money';
import { useMenu } from '../api';
import { bodyOf, isOpen, menuChangeApi } from './api';

type Form = UseFormReturn<MenuChangeSetInput, unknown, MenuChangeSetBody>;

const toValues = (change: MenuChangeSet | undefined, restaurant: string | undefined): MenuChangeSetInput =>
  change ? bodyOf(change) : { restaurant: restaurant ?? '', name: '', publish_at: null, entries: [] };

/**
 * Add or edit a scheduled menu change (core's menuChangeSetBody: the API checks the same, and each edit against its
 * item's rules and the user's field permissions): the restaurant, a name, the items with their new name, price or
 * visibility (an empty field changes nothing), and when to publish it — without a time it stays a draft. A change
 * published or cancelled opens read only.
 */
export function ChangeForm(props: FormRenderProps<MenuChangeSet> & { restaurant?: string }) {
  const { row } = props;
  const { t } = useTranslation();
  const save = menuChangeApi.useSave();
  const readOnly = row !== undefined && !isOpen(row);
  return (
    <ResourceFormDialog
      {...props}
      variant="drawer"
      width={860}
      title={
        row
          ? t(readOnly ? 'menuChanges.form.viewTitle' : 'menuChanges.form.editTitle', { name: row.name })
          : t('menuChanges.form.addTitle')
      }
      schema={menuChangeSetBody}
      toValues={(change) => toValues(change, props.restaurant)}
      saveDisabled={readOnly}
      save={(body, version) => save.mutateAsync({ id: row?.id, body, version })}
    >
      {(form) => (
        <>
          {readOnly && (
            <Alert severity="info">
              {t('menuChanges.form.readOnly', { status: t(`menuChanges.status.${row.status}`).toLowerCase() })}
            </Alert>
          )}
          <ChangeFields form={form} row={row} readOnly={readOnly} />
        </>
      )}
    </ResourceFormDialog>
  );
}

function ChangeFields({ form, row, readOnly }: { form: Form; row?: MenuChangeSet; readOnly: boolean }) {
  const { t } = useTranslation();
  const { control } = form;
  const restaurant = useWatch({ control, name: 'restaurant' });
  const menu = useMenu(restaurant || undefined);
  const entries = useFieldArray({ control, name: 'entries' });
  const items = menu.data?.fooditems ?? [];
  const money = moneyFormatter(menu.data?.restaurant.currency);
  const listError = form.formState.errors.entries?.root?.message ?? form.formState.errors.entries?.message;
  return (
    <>
      <Controller
        control={control}
        name="restaurant"
        render={({ field, fieldState }) => (
          <Box>
            <RestaurantPicker
              label={t('menuChanges.form.restaurant')}
              value={field.value || undefined}
              onChange={(next) => {
                field.onChange(next ?? '');
                // Another restaurant's menu: the items chosen were of the one before.
                if (next !== field.value) entries.replace([]);
              }}
              minWidth={360}
              disabled={row !== undefined}
            />
            {fieldState.error && (
              <Typography color="error" variant="caption" role="alert">
                {t('menuChanges.form.chooseRestaurant')}
              </Typography>
            )}
          </Box>
        )}
      />
      <FormTextField
        control={control}
        name="name"
        label={t('menuChanges.form.name')}
        required
        disabled={readOnly}
        hint={t('menuChanges.form.nameHint')}
        slotProps={{ htmlInput: { maxLength: MENU_CHANGE_LIMITS.name } }}
      />
      <Box component="section" aria-label={t('menuChanges.form.items')}>
        <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
          {t('menuChanges.form.items')}
        </Typography>
        {entries.fields.length === 0 && (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {restaurant ? t('menuChanges.form.noItems') : t('menuChanges.form.pickRestaurantFirst')}
          </Typography>
        )}
        <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
          {entries.fields.map((entry, index) => (
            <EntryRow
              key={entry.id}
              form={form}
              index={index}
              items={items}
              money={money}
              readOnly={readOnly}
              onRemove={() => entries.remove(index)}
            />
          ))}
        </Box>
        {listError && (
          <Typography color="error" variant="caption" role="alert">
            {listError}
          </Typography>
        )}
        {!readOnly && (
          <Button
            sx={{ mt: 1 }}
            disabled={!restaurant || entries.fields.length >= MENU_CHANGE_LIMITS.entries}
            // The new item's picker takes the focus.
            onClick={() =>
              entries.append({ foodid: '', values: {} }, { focusName: `entries.${entries.fields.length}.foodid` })
            }
          >
            {t('menuChanges.form.addItem')}
          </Button>
        )}
      </Box>
      <FormDateTimeField
        control={control}
        name="publish_at"
        label={t('menuChanges.form.publishAt')}
        unfinished={t('menuChanges.form.publishAtInvalid')}
        hint={t('menuChanges.form.publishAtHint')}
        disabled={readOnly}
      />
    </>
  );
}

type EntryProps = {
  form: Form;
  index: number;
  items: FoodItemSummary[];
  money: (amount: number) => string;
  readOnly: boolean;
  onRemove: () => void;
};

/** One item of the change: which item, and its new name, price and visibility (empty: as it is). */
function EntryRow({ form, index, items, money, readOnly, onRemove }: EntryProps) {
  const { t } = useTranslation();
  const { control } = form;
  const foodid = useWatch({ control, name: `entries.${index}.foodid` });
  const item = items.find((i) => i.foodid === foodid);
  const chosen = useWatch({ control, name: 'entries' }).map((e) => e.foodid);
  const errors = form.formState.errors.entries?.[index];
  const valuesError = errors?.values?.root?.message ?? errors?.values?.message;
  const label = item?.foodname ?? (foodid || t('menuChanges.form.newItem', { n: index + 1 }));
  return (
    <Box
      component="li"
      aria-label={label}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <Controller
          control={control}
          name={`entries.${index}.foodid`}
          render={({ field, fieldState }) => (
            <Autocomplete<FoodItemSummary>
              options={items}
              value={item ?? null}
              getOptionLabel={(i) => i.foodname}
              getOptionKey={(i) => i.foodid}
              getOptionDisabled={(i) => i.foodid !== field.value && chosen.includes(i.foodid)}
              isOptionEqualToValue={(a, b) => a.foodid === b.foodid}
              onChange={(_event, next) => field.onChange(next?.foodid ?? '')}
              disabled={readOnly}
              size="small"
              sx={{ flex: 1 }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  label={t('menuChanges.form.item')}
                  required
                  error={Boolean(fieldState.error)}
                  helperText={
                    fieldState.error
                      ? t('menuChanges.form.chooseItem')
                      : item
                        ? t('menuChanges.form.now', {
                            // The menu price: the one a change edits (a price-book price has its own page).
                            price: money(item.price),
                            shown: t(item.hide_item ? 'menuChanges.values.hidden' : 'menuChanges.values.shown'),
                          })
                        : undefined
                  }
                />
              )}
            />
          )}
        />
        {!readOnly && (
          <IconButton aria-label={t('menuChanges.form.removeItem', { name: label })} onClick={onRemove}>
            <DeleteIcon />
          </IconButton>
        )}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, '& > *': { flex: '1 1 180px' } }}>
        <Controller
          control={control}
          name={`entries.${index}.values.foodname`}
          render={({ field, fieldState }) => (
            <TextField
              size="small"
              label={t('menuChanges.form.newName')}
              value={field.value ?? ''}
              // Empty: the name stays as it is (the edit carries no name).
              onChange={(event) => field.onChange(event.target.value === '' ? undefined : event.target.value)}
              onBlur={field.onBlur}
              inputRef={field.ref}
              disabled={readOnly}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
            />
          )}
        />
        <FormNumberField
          control={control}
          name={`entries.${index}.values.price`}
          label={t('menuChanges.form.newPrice')}
          money
          size="small"
          disabled={readOnly}
        />
        <Controller
          control={control}
          name={`entries.${index}.values.hide_item`}
          render={({ field }) => (
            <TextField
              select
              size="small"
              label={t('menuChanges.form.visibility')}
              value={field.value === undefined ? '' : field.value ? 'hide' : 'show'}
              onChange={(event) =>
                field.onChange(event.target.value === '' ? undefined : event.target.value === 'hide')
              }
              disabled={readOnly}
            >
              <MenuItem value="">{t('menuChanges.form.noChange')}</MenuItem>
              <MenuItem value="show">{t('menuChanges.form.show')}</MenuItem>
              <MenuItem value="hide">{t('menuChanges.form.hide')}</MenuItem>
            </TextField>
          )}
        />
      </Box>
      {valuesError && (
        <Typography color="error" variant="caption" role="alert">
          {t('menuChanges.form.changeSomething')}
        </Typography>
      )}
    </Box>
  );
}
