import { useState, type FormEvent } from 'react';
import {
  Check as CheckIcon,
  Close as CloseIcon,
  EditOutlined as EditOutlinedIcon,
  Replay as ReplayIcon,
} from '../../../components/icons';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { sanitizePrice, type PricebookFoodItem } from '@cd/core';
import { ConfirmPopup, isBlockedNumberKey } from '../../../components';
import { moneyAdornment } from '../../../components/money-adornment';
import { moneyFormatter } from '../../../lib/money';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/server-message';
import { MenuHistoryDrawer } from '../../menu';
import { useSavePricebookPrice } from '../api';

type Props = {
  item: PricebookFoodItem;
  /** Reloads the list after someone else's change (409). */
  onConflict: () => void;
  /** After a save: the item as saved and the price it had before (for Undo). */
  onSaved: (saved: PricebookFoodItem, before: number) => void;
  /** After a revert from the price's history: the list is read again. */
  onReverted?: () => void;
};

/** The price of a price-book item, edited in place: Enter or the tick saves, Escape or the cross cancels. */
/** A change of more than half the price, up or down, is asked about first (issue 21: "-5" once became 5.00). */
export const LARGE_CHANGE = 0.5;
export const isLargeChange = (before: number, after: number) =>
  before > 0 ? Math.abs(after - before) / before > LARGE_CHANGE : false;

export function PriceCell({ item, onConflict, onSaved, onReverted }: Props) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [asking, setAsking] = useState<number | null>(null);
  const [history, setHistory] = useState(false);
  const save = useSavePricebookPrice();
  // A path's prices are in the region's currency: the same format as the menu's ("₹330.00").
  const money = moneyFormatter();

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
    if (isLargeChange(item.price, price)) {
      setAsking(price);
      return;
    }
    send(price);
  };

  const send = (price: number) => {
    setAsking(null);
    save.mutate(
      { path: item.path, foodid: item.foodid, price, version: item.version },
      {
        onSuccess: (answer) => {
          setEditing(false);
          onSaved(answer.data, item.price);
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
        <span>{money(item.price)}</span>
        <IconButton size="small" aria-label={t('pricebook.items.editPrice', { name: item.foodname })} onClick={start}>
          <EditOutlinedIcon fontSize="small" />
        </IconButton>
        {/* The price's changes on this path, who made them and when; one reverts (issue 36). */}
        <IconButton
          size="small"
          aria-label={t('pricebook.items.historyOf', { name: item.foodname })}
          onClick={() => setHistory(true)}
        >
          <ReplayIcon fontSize="small" />
        </IconButton>
        {history && (
          <MenuHistoryDrawer
            entity="price"
            id={`${item.path}:${item.foodid}`}
            name={item.foodname}
            canRevert
            onClose={() => setHistory(false)}
            onReverted={onReverted}
          />
        )}
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
          else if (isBlockedNumberKey(event.key, false)) {
            event.preventDefault();
            // Refused visibly: a dropped minus once turned -5 into a live price of 5.00.
            if (event.key === '-') setError(t('pricebook.items.negativePrice'));
          }
        }}
        onPaste={(event) => {
          if (event.clipboardData.getData('text').includes('-')) {
            event.preventDefault();
            setError(t('pricebook.items.negativePrice'));
          }
        }}
        error={error !== ''}
        helperText={error || undefined}
        slotProps={{ htmlInput: { min: 0, step: 'any' }, input: { startAdornment: moneyAdornment() } }}
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
      <ConfirmPopup
        open={asking !== null}
        type="warning"
        title={t('pricebook.items.largeChangeTitle')}
        primaryText={t('pricebook.items.largeChange', {
          name: item.foodname,
          from: money(item.price),
          to: money(asking ?? 0),
        })}
        positiveLabel={t('pricebook.items.largeChangeYes')}
        negativeLabel={t('pricebook.items.largeChangeNo')}
        onPositive={() => asking !== null && send(asking)}
        onNegative={() => setAsking(null)}
      />
    </Box>
  );
}
