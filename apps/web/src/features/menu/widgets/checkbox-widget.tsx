import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { AttachedSubmenu } from '@cd/core';
import { GenericDialog } from '../../../components/generic-dialog';
import { ApiError } from '../../../lib/api-client';
import { fetchSubmenuAttachments } from '../api';
import { useItemEditor } from '../editor/editor-context';
import type { ItemFormValues } from '../editor/form-values';
import { fieldPath, type WidgetProps } from './types';

/**
 * A yes/no field. One with the submenu-attachment check (spec 001 §4.2) asks the server before it is
 * unchecked: if the item is an option of submenus, a dialog lists them and the box stays checked.
 */
export function CheckboxWidget({ def, disabled }: WidgetProps) {
  const { t } = useTranslation();
  const { foodid, alert } = useItemEditor();
  const { control } = useFormContext<ItemFormValues>();
  const [checking, setChecking] = useState(false);
  const [attached, setAttached] = useState<AttachedSubmenu[]>([]);

  const uncheck = async (onChange: (value: boolean) => void) => {
    if (!def.submenuAttachmentCheck || !foodid) {
      onChange(false);
      return;
    }
    setChecking(true);
    try {
      const submenus = await fetchSubmenuAttachments(foodid);
      if (submenus.length > 0) setAttached(submenus);
      else onChange(false);
    } catch (error) {
      const message = error instanceof ApiError && error.serverMessage ? error.serverMessage : '';
      alert('failure', message || t('editMenu.attachment.failed'));
    } finally {
      setChecking(false);
    }
  };

  return (
    <>
      <Controller
        control={control}
        name={fieldPath(def)}
        render={({ field }) => (
          <FormControlLabel
            label={def.label}
            disabled={disabled || checking}
            control={
              <Checkbox
                name={field.name}
                checked={field.value === true}
                onChange={(event) => (event.target.checked ? field.onChange(true) : void uncheck(field.onChange))}
              />
            }
          />
        )}
      />
      <GenericDialog open={attached.length > 0} title={t('editMenu.attachment.title')} onClose={() => setAttached([])}>
        <Typography>{t('editMenu.attachment.text', { label: def.label })}</Typography>
        <List dense aria-label={t('editMenu.attachment.listLabel')}>
          {attached.map((s) => (
            <ListItem key={s.submenuid}>{s.submenuname}</ListItem>
          ))}
        </List>
      </GenericDialog>
    </>
  );
}
