import type { Control, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../../components/resource';

type Props = {
  control: Control<FieldValues, unknown, unknown>;
  /** The id field's name (`location`, `foodcourt`) and label. */
  idField: string;
  idLabel: string;
  /** Editing: the id is fixed once created, and the name takes the focus. */
  editing: boolean;
};

/** A site's id (lowercase, fixed once created) and its name. */
export function IdAndNameFields({ control, idField, idLabel, editing }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <FormTextField
        control={control}
        name={idField}
        label={idLabel}
        hint={editing ? t('sites.fields.idFixed') : t('sites.fields.idHint')}
        required
        disabled={editing}
        fullWidth
      />
      <FormTextField
        control={control}
        name="name"
        label={t('sites.fields.name')}
        required
        autoFocus={editing}
        fullWidth
      />
    </>
  );
}
