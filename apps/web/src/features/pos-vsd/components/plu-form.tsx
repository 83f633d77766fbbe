import { useTranslation } from 'react-i18next';
import { pluUpdateBody, PLU_MAX, type PluItem } from '@cd/core';
import { FormTextField, ResourceFormDialog, type FormRenderProps } from '../../../components/resource';
import { pluApi } from '../api';

const pluForm = pluUpdateBody.omit({ version: true });

/** One item's PLU (version-checked: 0 while it has none); empty removes the code. */
export function PluForm(props: FormRenderProps<PluItem>) {
  const { t } = useTranslation();
  const save = pluApi.useSave();
  const row = props.row!;
  return (
    <ResourceFormDialog
      {...props}
      title={t('posVsd.plu.editTitle', { name: row.foodname })}
      schema={pluForm}
      toValues={(r) => ({ plu: r?.plu ?? '' })}
      save={(body, version) => save.mutateAsync({ id: row.foodid, body, version: version ?? 0 })}
    >
      {(form) => (
        <FormTextField
          control={form.control}
          name="plu"
          label={t('posVsd.plu.code')}
          hint={t('posVsd.plu.hint', { max: PLU_MAX })}
          normalize={(v) => v.toUpperCase()}
          slotProps={{ htmlInput: { maxLength: PLU_MAX, autoCapitalize: 'characters' } }}
          autoFocus
        />
      )}
    </ResourceFormDialog>
  );
}
