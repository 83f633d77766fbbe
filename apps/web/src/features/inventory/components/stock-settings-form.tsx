import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { stockSettingsBody, type StockLevel } from '@cd/core';
import { FormNumberField, ResourceFormDialog, type FormRenderProps } from '../../../components/resource';
import { inventoryApi, type SettingsInput } from '../api';

/** Track on/off and the low threshold of one item (version-checked: 0 while the item is not tracked). */
export function StockSettingsForm(props: FormRenderProps<StockLevel>) {
  const { t } = useTranslation();
  const save = inventoryApi.useSave();
  const row = props.row!;
  return (
    <ResourceFormDialog
      {...props}
      title={t('inventory.settings.title', { name: row.foodname })}
      schema={stockSettingsBody}
      toValues={(r): SettingsInput => ({ tracked: r?.tracked ?? false, low_threshold: r?.low_threshold ?? null })}
      save={(body, version) => save.mutateAsync({ id: row.foodid, body, version: version ?? 0 })}
    >
      {(form) => (
        <>
          <Controller
            control={form.control}
            name="tracked"
            render={({ field }) => (
              <FormControlLabel
                label={t('inventory.settings.tracked')}
                control={<Switch checked={Boolean(field.value)} onChange={(e) => field.onChange(e.target.checked)} />}
              />
            )}
          />
          <FormNumberField
            control={form.control}
            name="low_threshold"
            label={t('inventory.settings.lowThreshold')}
            hint={t('inventory.settings.lowHint')}
          />
        </>
      )}
    </ResourceFormDialog>
  );
}
