import Alert from '@mui/material/Alert';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  CUSTOMER_GROUP_KINDS,
  GROUP_LIMITS,
  groupBody,
  groupRuleSchema,
  type CustomerGroup,
  type GroupKind,
} from '@cd/core';
import { RadioGroupField } from '../../../components';
import { FormTextField, ResourceFormDialog, type FormRenderProps } from '../../../components/resource';
import { groupApi } from '../api';
import { RuleEditor } from './rule-editor';

export type GroupFormValues = z.input<typeof groupBody>;
export type GroupForm = UseFormReturn<GroupFormValues, unknown, z.output<typeof groupBody>>;

/** The form always holds a rule (the editor's defaults for a static group); a static group saves none. */
const toValues = (group?: CustomerGroup): GroupFormValues => ({
  name: group?.name ?? '',
  description: group?.description ?? '',
  kind: group?.kind ?? 'static',
  rule: { ...groupRuleSchema.parse({}), ...group?.rule },
});

/**
 * Add or edit a customer group (core's groupBody, the API's own rules): its name, description and kind — a
 * static list (members imported from a file) or a rule (the customers who ordered recently, counted live as
 * the rule is edited). The kind cannot change once saved.
 */
export function GroupFormDialog(props: FormRenderProps<CustomerGroup>) {
  const { row } = props;
  const { t } = useTranslation();
  const save = groupApi.useSave();
  return (
    <ResourceFormDialog
      {...props}
      variant="drawer"
      width={760}
      title={row ? t('customerGroups.editTitle', { name: row.name }) : t('customerGroups.addTitle')}
      schema={groupBody}
      toValues={toValues}
      save={(body, version) =>
        save.mutateAsync({
          id: row?.id,
          body: { ...body, rule: body.kind === 'rule' ? body.rule : null },
          version,
        })
      }
    >
      {(form) => <GroupFields form={form} editing={row !== undefined} />}
    </ResourceFormDialog>
  );
}

function GroupFields({ form, editing }: { form: GroupForm; editing: boolean }) {
  const { t } = useTranslation();
  const { control } = form;
  const kind = useWatch({ control, name: 'kind' });
  return (
    <>
      <FormTextField
        control={control}
        name="name"
        label={t('customerGroups.form.name')}
        required
        autoFocus
        slotProps={{ htmlInput: { maxLength: GROUP_LIMITS.name } }}
      />
      <FormTextField
        control={control}
        name="description"
        label={t('customerGroups.form.description')}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: GROUP_LIMITS.description } }}
      />
      <Controller
        control={control}
        name="kind"
        render={({ field }) => (
          <RadioGroupField
            label={t('customerGroups.form.kind')}
            name={field.name}
            row
            value={field.value}
            onChange={(value) => field.onChange(value as GroupKind)}
            options={CUSTOMER_GROUP_KINDS.map((k) => ({ value: k, label: t(`customerGroups.kind.${k}`) }))}
            disabled={editing}
            helperText={editing ? t('customerGroups.form.kindLocked') : undefined}
          />
        )}
      />
      {kind === 'rule' ? (
        <RuleEditor form={form} />
      ) : (
        <Alert severity="info">{t('customerGroups.form.staticHint')}</Alert>
      )}
    </>
  );
}
