import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS, type OrderSummary } from '@cd/core';
import { useOrderSearch } from '../api';
import { formatDate } from '../format';

/** Finds an order by the start of its number or customer reference and opens it (the refunds page). */
export function OrderFinder({ onOpen }: { onOpen: (orderId: number) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const found = useOrderSearch(search);
  return (
    <Autocomplete<OrderSummary>
      options={search ? (found.data?.rows ?? []) : []}
      loading={found.isFetching}
      filterOptions={(options) => options}
      getOptionLabel={(o) => `${o.order_number} · ${o.restaurant_name} · ${formatDate(o.business_date)}`}
      isOptionEqualToValue={(a, b) => a.order_id === b.order_id}
      value={null}
      inputValue={text}
      onInputChange={(_event, value, reason) => reason !== 'reset' && setText(value)}
      onChange={(_event, order) => order && onOpen(order.order_id)}
      noOptionsText={search ? t('orders.refunds.noOrder') : t('orders.refunds.typeNumber')}
      size="small"
      sx={{ minWidth: 320, flex: 1, maxWidth: 480 }}
      renderInput={(params) => <TextField {...params} label={t('orders.refunds.find')} />}
    />
  );
}
