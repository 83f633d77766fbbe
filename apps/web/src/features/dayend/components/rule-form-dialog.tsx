import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ORDER_CHANNELS, PAYMENT_TENDERS, SAP_LINE_KINDS, type SapRuleView } from '@cd/core';
import { FormTextField, ResourceFormDialog, type FormRenderProps } from '../../../components/resource';
import { ruleFormSchema, toRuleValues } from '../rule-form';
import { ruleApi } from '../sap-api';
import { useSites } from '../use-sites';

/**
 * Add or edit a posting rule: what it posts (kind), the conditions it matches (empty = any), the accounts it
 * gives, its priority (lower first) and whether it is active. Checked with core's schema; a 409 is the frame's.
 */
export function RuleFormDialog(props: FormRenderProps<SapRuleView>) {
  const { row } = props;
  const { t } = useTranslation();
  const save = ruleApi.useSave();
  const sites = useSites();
  const any = (
    <MenuItem key="" value="">
      {t('sap.rules.any')}
    </MenuItem>
  );
  /** The sites offered, and the saved one when the user's map no longer has it. */
  const options = (list: { id: string; name: string }[], saved: string | undefined) => {
    const shown = saved && !list.some((s) => s.id === saved) ? [{ id: saved, name: saved }, ...list] : list;
    return [
      any,
      ...shown.map((s) => (
        <MenuItem key={s.id} value={s.id}>
          {s.name}
        </MenuItem>
      )),
    ];
  };
  return (
    <ResourceFormDialog
      {...props}
      variant="drawer"
      width={560}
      title={row ? t('sap.rules.editTitle', { id: row.id }) : t('sap.rules.addTitle')}
      schema={ruleFormSchema}
      toValues={toRuleValues}
      save={(body, version) => save.mutateAsync({ id: row?.id, body, version })}
    >
      {(form) => (
        <>
          <FormTextField control={form.control} name="kind" label={t('sap.rules.kind')} select required>
            {SAP_LINE_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`sap.kind.${k}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {t('sap.rules.conditions')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('sap.rules.conditionsHint')}
          </Typography>
          <FormTextField control={form.control} name="client" label={t('sap.rules.client')} select>
            {options(sites.clients, row?.client)}
          </FormTextField>
          <FormTextField control={form.control} name="foodcourt" label={t('sap.rules.foodcourt')} select>
            {options(sites.foodcourts, row?.foodcourt)}
          </FormTextField>
          <FormTextField control={form.control} name="restaurant" label={t('sap.rules.restaurant')} select>
            {options(sites.restaurants, row?.restaurant)}
          </FormTextField>
          <FormTextField control={form.control} name="category" label={t('sap.rules.category')} />
          <FormTextField
            control={form.control}
            name="tax_rate"
            label={t('sap.rules.taxRate')}
            hint={t('sap.rules.taxRateHint')}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <FormTextField control={form.control} name="tender" label={t('sap.rules.tender')} select>
            {any}
            {PAYMENT_TENDERS.map((v) => (
              <MenuItem key={v} value={v}>
                {t(`dayend.tender.${v}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={form.control} name="channel" label={t('sap.rules.channel')} select>
            {any}
            {ORDER_CHANNELS.map((v) => (
              <MenuItem key={v} value={v}>
                {t(`sap.channel.${v}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {t('sap.rules.accounts')}
          </Typography>
          <FormTextField control={form.control} name="gl_account" label={t('sap.rules.glAccount')} required />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
            <FormTextField control={form.control} name="cost_center" label={t('sap.rules.costCenter')} />
            <FormTextField control={form.control} name="profit_center" label={t('sap.rules.profitCenter')} />
            <FormTextField control={form.control} name="tax_code" label={t('sap.rules.taxCode')} />
            <FormTextField
              control={form.control}
              name="priority"
              label={t('sap.rules.priority')}
              hint={t('sap.rules.priorityHint')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Box>
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
                label={t('sap.rules.active')}
              />
            )}
          />
        </>
      )}
    </ResourceFormDialog>
  );
}
