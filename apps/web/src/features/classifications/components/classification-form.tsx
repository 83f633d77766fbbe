import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { CLASSIFICATION_KINDS, classificationBody, type Classification } from '@cd/core';
import { FormTextField, ResourceFormDialog, type FormRenderProps } from '../../../components/resource';
import { classificationApi } from '../api';

const schema = classificationBody.pick({ kind: true, name: true, code: true, description: true });

const toValues = (c?: Classification) => ({
  kind: c?.kind ?? ('sales_category' as const),
  name: c?.name ?? '',
  code: c?.code ?? '',
  description: c?.description ?? '',
});

/** Add or edit a classification: kind, name (unique per kind), code for reports and SAP rules, description. */
export function ClassificationForm(props: FormRenderProps<Classification>) {
  const { row } = props;
  const { t } = useTranslation();
  const save = classificationApi.useSave();
  // The server refuses a new kind while items have it (one sales category per item could break).
  const kindFixed = (row?.item_count ?? 0) > 0;
  return (
    <ResourceFormDialog
      {...props}
      title={row ? t('classifications.editTitle', { name: row.name }) : t('classifications.addTitle')}
      schema={schema}
      toValues={toValues}
      save={(body, version) => save.mutateAsync({ id: row?.id, body, version })}
    >
      {(form) => (
        <>
          <FormTextField
            control={form.control}
            name="kind"
            select
            label={t('classifications.kind')}
            disabled={kindFixed}
            hint={kindFixed ? t('classifications.kindFixed') : t(`classifications.kindHint.${form.watch('kind')}`)}
            required
          >
            {CLASSIFICATION_KINDS.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`classifications.kinds.${k}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={form.control}
            name="name"
            label={t('classifications.name')}
            autoFocus
            slotProps={{ htmlInput: { maxLength: 80 } }}
            required
          />
          <FormTextField
            control={form.control}
            name="code"
            label={t('classifications.code')}
            hint={t('classifications.codeHint')}
            slotProps={{ htmlInput: { maxLength: 40 } }}
          />
          <FormTextField
            control={form.control}
            name="description"
            label={t('classifications.description')}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </>
      )}
    </ResourceFormDialog>
  );
}
