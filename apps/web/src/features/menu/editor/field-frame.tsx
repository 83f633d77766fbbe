import type { ReactNode } from 'react';
import { Lock as LockIcon, LockOpen as LockOpenIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { LockableField, MenuFieldDef } from '@cd/core';
import { lockOf, useItemEditor } from './editor-context';
import type { ItemFormValues } from './form-values';

type Props = { def: MenuFieldDef; children: (disabled: boolean) => ReactNode };

/**
 * One field of the item editor with its lock (spec 001 §6): a unit manager sees a lock button on price, hide
 * item and days-and-dates; a field locked on the item is read-only for everyone else, with a lock and a note.
 */
export function FieldFrame({ def, children }: Props) {
  const { t } = useTranslation();
  const { unitManager } = useItemEditor();
  const { control, setValue } = useFormContext<ItemFormValues>();
  const lockedFields = useWatch({ control, name: 'locked_field' });
  const lock = lockOf(def.key, def.lockable);
  const locked = lock !== undefined && lockedFields.includes(lock);

  const toggle = (field: LockableField) =>
    setValue('locked_field', locked ? lockedFields.filter((f) => f !== field) : [...lockedFields, field], {
      shouldDirty: true,
    });

  const lockButton =
    unitManager && def.lockable ? (
      <Tooltip title={t(locked ? 'editMenu.lock.unlock' : 'editMenu.lock.lock', { label: def.label })}>
        <IconButton
          size="small"
          aria-label={t(locked ? 'editMenu.lock.unlock' : 'editMenu.lock.lock', { label: def.label })}
          aria-pressed={locked}
          onClick={() => toggle(def.lockable!)}
          color={locked ? 'warning' : 'default'}
        >
          {locked ? <LockIcon fontSize="small" /> : <LockOpenIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
    ) : null;

  const readOnly = locked && !unitManager;
  return (
    <Box data-field={def.key} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {children(readOnly)}
        {readOnly && (
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 0.5 }}
          >
            <LockIcon sx={{ fontSize: 14 }} aria-hidden />
            {t('editMenu.lock.note')}
          </Typography>
        )}
      </Box>
      {lockButton}
    </Box>
  );
}
