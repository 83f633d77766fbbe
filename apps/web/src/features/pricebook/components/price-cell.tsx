import { useState, type FormEvent } from 'react';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { sanitizePrice, type PricebookFoodItem } from '@cd/core';
import { isBlockedNumberKey } from '../../../components';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/server-message';
import { useSavePricebookPrice } from '../api';

type Props = {
  item: PricebookFoodItem;
  /** Reloads the list after someone else's change (409). */
  onConflict: () => void;
  onSaved: () => void;
};

/** The price of a price-book item, edited in place: Enter or the tick saves, Escape or the cross cancels. */
export function PriceCell({ item, onConflict, onSaved }: Props) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const save = useSavePricebookPrice();

  const start = () => {
    setText(String(item.price));
    setError('');
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setError('');
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const price = sanitizePrice(text);
    if (price === null) {
      setError(t('pricebook.items.invalidPrice'));
      return;
    }
    save.mutate(
      { path: item.path, foodid: item.foodid, price, version: item.version },
      {
        onSuccess: () => {
          setEditing(false);
          onSaved();
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.code === 'versionConflict') {
            onConflict();
            setError(t('menuManagement.common.conflict'));
            return;
          }
          setError(describeError(failure, i18n));
        },
      },
    );
  };

  if (!editing) {
    return (
      <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <span>{item.price}</span>
        <IconButton size="small" aria-label={t('pricebook.items.editPrice', { name: item.foodname })} onClick={start}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
      </Box>
    );
  }

  return (
    <Box
      component="form"
      onSubmit={submit}
      noValidate
      sx={{ display: 'inline-flex', alignItems: 'flex-start', gap: 0.5 }}
    >
      <TextField
        size="small"
        type="number"
        autoFocus
        label={t('pricebook.items.priceOf', { name: item.foodname })}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError('');
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') cancel();
          else if (isBlockedNumberKey(event.key, false)) event.preventDefault();
        }}
        error={error !== ''}
        helperText={error || undefined}
        slotProps={{ htmlInput: { min: 0, step: 'any' } }}
        sx={{ width: 180 }}
      />
      <IconButton
        type="submit"
        size="small"
        disabled={save.isPending}
        aria-label={t('pricebook.items.savePrice', { name: item.foodname })}
      >
        <CheckIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" onClick={cancel} aria-label={t('pricebook.items.cancelPrice')}>
        <CloseIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
