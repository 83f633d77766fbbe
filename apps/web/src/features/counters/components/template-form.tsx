import { useTranslation } from 'react-i18next';
import { counterTemplateBody, type CounterTemplate } from '@cd/core';
import { FormTextField, ResourceFormDialog, type FormRenderProps } from '../../../components/resource';
import { templateApi } from '../api';
import { copySettings, settingsPart } from '../settings-form';
import { SettingsFields } from './settings-fields';

const schema = counterTemplateBody.pick({ name: true, settings: true });
const toValues = (template?: CounterTemplate) => ({
  name: template?.name ?? '',
  settings: copySettings(template?.settings),
});

/**
 * Add or edit a counter template: its name and the settings it gives counters. Saving a template changes no
 * counter; its detail lists the counters that now differ and applies it to the chosen ones.
 */
export function TemplateForm(props: FormRenderProps<CounterTemplate>) {
  const { row } = props;
  const { t } = useTranslation();
  const save = templateApi.useSave();
  return (
    <ResourceFormDialog
      {...props}
      variant="drawer"
      width={720}
      title={row ? t('counters.templates.editTitle', { name: row.name }) : t('counters.templates.addTitle')}
      schema={schema}
      toValues={toValues}
      save={(body, version) => save.mutateAsync({ id: row?.id, body, version })}
    >
      {(form) => (
        <>
          <FormTextField
            control={form.control}
            name="name"
            label={t('counters.templates.name')}
            autoFocus
            slotProps={{ htmlInput: { maxLength: 100 } }}
            required
          />
          <SettingsFields form={settingsPart(form)} heading={t('counters.settings.title')} />
        </>
      )}
    </ResourceFormDialog>
  );
}
