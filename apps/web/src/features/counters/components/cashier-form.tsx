import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CASHIER_PIN_RULE } from '@cd/core';
import { MultiSelectDropdown } from '../../../components/multi-select-dropdown';
import { FormTextField, ResourceFormDialog, type FormRenderProps } from '../../../components/resource';
import { cashierApi, useFoodcourtCounters, type Cashier } from '../api';
import { cashierFormSchema, isLocked, toCashierValues } from '../cashier-form';
import { formatTime } from '../format';
import { useUserSites } from '../../../lib/use-user-sites';

type Props = FormRenderProps<Cashier> & {
  /** The food court of the list, for a new cashier. */
  foodcourt?: string;
  /** Opened from Unlock: the PIN field comes first. */
  unlocking?: boolean;
};

/**
 * Add or edit a cashier of a food court: name, the counters they may use (that food court's), active, and the
 * PIN (masked; core's rule as the hint). A new PIN on a locked cashier unlocks them.
 */
export function CashierForm({ foodcourt, unlocking, ...props }: Props) {
  const { row } = props;
  const { t } = useTranslation();
  const save = cashierApi.useSave();
  const sites = useUserSites();
  const locked = row ? isLocked(row) : false;
  return (
    <ResourceFormDialog
      {...props}
      title={
        row
          ? t(unlocking ? 'counters.cashiers.unlockTitle' : 'counters.cashiers.editTitle', { name: row.name })
          : t('counters.cashiers.addTitle')
      }
      schema={cashierFormSchema(!row)}
      toValues={(cashier) => toCashierValues(cashier, foodcourt)}
      save={(body, version) => save.mutateAsync({ id: row?.cashier_id, body, version })}
    >
      {(form) => (
        <>
          {row && locked && (
            <Alert severity="warning">{t('counters.cashiers.lockedNote', { at: formatTime(row.locked_until) })}</Alert>
          )}
          <FormTextField
            control={form.control}
            name="name"
            label={t('counters.cashiers.name')}
            autoFocus={!unlocking}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            required
          />
          <Controller
            control={form.control}
            name="foodcourt"
            render={({ field, fieldState }) => (
              <TextField
                select
                required
                label={t('counters.cashiers.foodcourt')}
                value={field.value}
                onChange={(event) => {
                  field.onChange(event.target.value);
                  // Another food court's counters cannot stay chosen.
                  form.setValue('counter_ids', [], { shouldDirty: true });
                }}
                disabled={row !== undefined}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
              >
                {sites.foodcourts.map((f) => (
                  <MenuItem key={f.id} value={f.id}>
                    {f.name}
                  </MenuItem>
                ))}
                {row && !sites.foodcourts.some((f) => f.id === row.foodcourt) && (
                  <MenuItem value={row.foodcourt}>{row.foodcourt}</MenuItem>
                )}
              </TextField>
            )}
          />
          <CounterChoice control={form.control} />
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <FormControlLabel
                label={t('counters.cashiers.active')}
                control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
              />
            )}
          />
          <FormTextField
            control={form.control}
            name="pin"
            type="password"
            autoComplete="new-password"
            label={t(row ? 'counters.cashiers.newPin' : 'counters.cashiers.pin')}
            hint={row ? t('counters.cashiers.pinHintEdit', { rule: CASHIER_PIN_RULE }) : CASHIER_PIN_RULE}
            autoFocus={unlocking}
            required={!row || unlocking}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
        </>
      )}
    </ResourceFormDialog>
  );
}

type Schema = ReturnType<typeof cashierFormSchema>;
type FormControl = Control<z.input<Schema>, unknown, z.output<Schema>>;

/** The counters of the chosen food court the cashier may use. */
function CounterChoice({ control }: { control: FormControl }) {
  const { t } = useTranslation();
  const foodcourt = useWatch({ control, name: 'foodcourt' });
  const counters = useFoodcourtCounters(foodcourt);
  return (
    <Controller
      control={control}
      name="counter_ids"
      render={({ field, fieldState }) => (
        <MultiSelectDropdown
          label={t('counters.cashiers.counters')}
          options={(counters.data ?? []).map((c) => ({ value: String(c.counter_id), label: c.name }))}
          value={(field.value ?? []).map(String)}
          onChange={(value) => field.onChange(value.map(Number))}
          selectAll
          disabled={!foodcourt}
          error={Boolean(fieldState.error)}
          helperText={
            fieldState.error?.message ??
            (foodcourt ? t('counters.cashiers.countersHint') : t('counters.cashiers.chooseFoodcourt'))
          }
          fullWidth
        />
      )}
    />
  );
}
