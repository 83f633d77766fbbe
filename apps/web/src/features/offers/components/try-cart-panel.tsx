import { Add as AddIcon, DeleteOutline as DeleteIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { OFFER_LIMITS, ORDER_CHANNELS, ORDER_TYPES, SESSION_NAMES, tryCartBody, type QuoteView } from '@cd/core';
import { ThemedDateTimePicker } from '../../../components/date-time-picker';
import { DetailDrawer, DetailFacts, DetailTable, FormTextField, FormNumberField } from '../../../components/resource';
import { moneyFormatter } from '../../../lib/money';
import { describeError } from '../../../lib/server-message';
import { itemName, useTryCart, type TryCartInput, type TryCartOutput } from '../api';
import { localNow } from '../format';
import { useUserSites } from '../../../lib/use-user-sites';
import { FieldRow, TextChips } from '../../../components/form-parts';
import { ItemSearch } from './item-picker';

export type TryCartPanelProps = {
  /** Offers tried even when not active (the offer of the row's Try: a draft can be tried before it goes live). */
  include?: number[];
  title?: string;
  onClose: () => void;
};

const emptyLine = () => ({ foodid: '', category: '', quantity: 1, unit_price: 0 });

/**
 * "Try a cart" (issue 17): a cart made up here — restaurant, channel, order type, session, local date and time,
 * customer, codes, delivery fee and lines — priced by the server's engine (`POST /offers/try`), showing the
 * totals, each line's discount, the offers applied and the offers not applied with why, the codes' statuses and
 * the suggestions (upsells and free items to add). Core's cart schema checks the cart before it is sent.
 */
export function TryCartPanel({ include = [], title, onClose }: TryCartPanelProps) {
  const { t, i18n } = useTranslation();
  const sites = useUserSites();
  const restaurants = sites.restaurantOptions([]);
  const price = useTryCart();
  const form = useForm<TryCartInput, unknown, TryCartOutput>({
    resolver: zodResolver(tryCartBody as never),
    defaultValues: {
      cart: {
        restaurant: restaurants[0]?.value ?? '',
        channel: 'app',
        order_type: 'dine_in',
        session: undefined,
        at: localNow(),
        customer_ref: '',
        codes: [],
        lines: [emptyLine()],
        delivery_fee: 0,
      },
      include,
    },
  });
  const { control } = form;
  const lines = useFieldArray({ control, name: 'cart.lines' });
  const restaurant = useWatch({ control, name: 'cart.restaurant' });
  const submit = form.handleSubmit((body) => price.mutate(body));
  const linesError = form.formState.errors.cart?.lines;
  const linesMessage = linesError?.root?.message ?? linesError?.message;

  return (
    <DetailDrawer title={title ?? t('offers.try.title')} onClose={onClose} width={980}>
      <Box
        component="form"
        noValidate
        aria-label={t('offers.try.cart')}
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {include.length > 0 && <Alert severity="info">{t('offers.try.included')}</Alert>}
        <FieldRow>
          <Controller
            control={control}
            name="cart.restaurant"
            render={({ field, fieldState }) => (
              <TextField
                select
                label={t('offers.try.restaurant')}
                value={field.value ?? ''}
                onChange={field.onChange}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error ? t('offers.try.chooseRestaurant') : undefined}
                sx={{ minWidth: 260, flex: 1 }}
              >
                {restaurants.map((r) => (
                  <MenuItem key={r.value} value={r.value}>
                    {r.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <FormTextField
            control={control}
            name="cart.channel"
            label={t('offers.try.channel')}
            select
            sx={{ minWidth: 140 }}
          >
            {ORDER_CHANNELS.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`offers.channel.${c}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="cart.order_type"
            label={t('offers.try.orderType')}
            select
            sx={{ minWidth: 160 }}
          >
            {ORDER_TYPES.map((o) => (
              <MenuItem key={o} value={o}>
                {t(`offers.orderType.${o}`)}
              </MenuItem>
            ))}
          </FormTextField>
          <Controller
            control={control}
            name="cart.session"
            render={({ field }) => (
              <TextField
                select
                label={t('offers.try.session')}
                value={field.value ?? ''}
                onChange={(event) => field.onChange(event.target.value || undefined)}
                sx={{ minWidth: 160 }}
              >
                <MenuItem value="">{t('offers.try.noSession')}</MenuItem>
                {SESSION_NAMES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {t(`offers.session.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </FieldRow>
        <FieldRow>
          {/* The shared pickers (DD-MM-YYYY, 24-hour HH:mm; issue 35), not the browser's own datetime field, whose
              date and clock follow the browser's locale (a US date, AM/PM). */}
          <Controller
            control={control}
            name="cart.at"
            render={({ field, fieldState }) => {
              const [date = '', time = ''] = String(field.value ?? '').split('T');
              const set = (d: string | null, tm: string | null) => field.onChange(d && tm ? `${d}T${tm}` : '');
              return (
                <Box role="group" aria-label={t('offers.try.at')} sx={{ display: 'flex', gap: 1.5, minWidth: 240 }}>
                  <ThemedDateTimePicker
                    type="date"
                    label={t('offers.try.atDate')}
                    value={date || null}
                    onChange={(d) => set(d, time || null)}
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? t('offers.try.atHint')}
                  />
                  <ThemedDateTimePicker
                    type="time"
                    label={t('offers.try.atTime')}
                    value={time || null}
                    onChange={(tm) => set(date || null, tm)}
                    error={Boolean(fieldState.error)}
                  />
                </Box>
              );
            }}
          />
          <FormTextField
            control={control}
            name="cart.customer_ref"
            label={t('offers.try.customer')}
            hint={t('offers.try.customerHint')}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            sx={{ minWidth: 220, flex: 1 }}
          />
          <FormNumberField
            control={control}
            name="cart.delivery_fee"
            label={t('offers.try.deliveryFee')}
            money
            sx={{ maxWidth: 200 }}
          />
        </FieldRow>
        <Controller
          control={control}
          name="cart.codes"
          render={({ field, fieldState }) => (
            <TextChips
              label={t('offers.try.codes')}
              value={field.value ?? []}
              onChange={(codes) => field.onChange(codes.map((c) => c.toUpperCase()))}
              hint={t('offers.try.codesHint', { max: OFFER_LIMITS.codesPerCart })}
              error={fieldState.error?.message}
            />
          )}
        />
        <Typography variant="h6" component="h3">
          {t('offers.try.lines')}
        </Typography>
        {lines.fields.map((line, index) => {
          const number = index + 1;
          return (
            <Box
              key={line.id}
              role="group"
              aria-label={t('offers.try.line', { number })}
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
            >
              <Controller
                control={control}
                name={`cart.lines.${index}.foodid`}
                render={({ field, fieldState }) => (
                  <ItemSearch
                    label={t('offers.try.item', { number })}
                    restaurant={restaurant || undefined}
                    value={field.value || undefined}
                    onPick={(item) => {
                      field.onChange(item?.foodid ?? '');
                      if (item) {
                        form.setValue(`cart.lines.${index}.unit_price`, item.price);
                        form.setValue(`cart.lines.${index}.category`, item.categories[0] ?? '');
                      }
                    }}
                    error={fieldState.error ? t('offers.try.chooseItem') : undefined}
                    size="small"
                    minWidth={260}
                  />
                )}
              />
              <FormNumberField
                control={control}
                name={`cart.lines.${index}.quantity`}
                label={t('offers.try.quantity', { number })}
                whole
                size="small"
                sx={{ width: 130 }}
              />
              <FormNumberField
                control={control}
                name={`cart.lines.${index}.unit_price`}
                label={t('offers.try.unitPrice', { number })}
                money
                size="small"
                sx={{ width: 170 }}
              />
              <IconButton aria-label={t('offers.try.removeLine', { number })} onClick={() => lines.remove(index)}>
                <DeleteIcon />
              </IconButton>
            </Box>
          );
        })}
        {linesMessage && (
          <Alert severity="error" role="alert">
            {linesMessage}
          </Alert>
        )}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          <Button
            startIcon={<AddIcon />}
            onClick={() => lines.append(emptyLine())}
            disabled={lines.fields.length >= OFFER_LIMITS.cartLines}
          >
            {t('offers.try.addLine')}
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button type="submit" variant="contained" disabled={price.isPending}>
            {t('offers.try.price')}
          </Button>
        </Box>
      </Box>
      {price.isError && <Alert severity="error">{describeError(price.error, i18n)}</Alert>}
      {price.data && <QuoteResult quote={price.data} />}
    </DetailDrawer>
  );
}

/** The priced cart: totals, lines, offers applied and not, codes, suggestions. */
function QuoteResult({ quote }: { quote: QuoteView }) {
  const { t } = useTranslation();
  const money = moneyFormatter(quote.currency);
  const applied = (offerId: number | null) => quote.applied.find((a) => a.offer_id === offerId)?.name ?? '';
  return (
    <Box
      component="section"
      aria-label={t('offers.try.result')}
      aria-live="polite"
      sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}
    >
      <Typography variant="h5" component="h2">
        {t('offers.try.result')}
      </Typography>
      <DetailFacts
        label={t('offers.try.totals')}
        facts={[
          [t('offers.try.subtotal'), money(quote.subtotal)],
          [t('offers.try.discount'), money(quote.discount)],
          [t('offers.try.deliveryFee'), money(quote.delivery_fee)],
          [t('offers.try.deliveryDiscount'), money(quote.delivery_discount)],
          [t('offers.try.total'), money(quote.total)],
        ]}
      />
      <DetailTable
        title={t('offers.try.linesPriced')}
        rows={quote.lines}
        rowKey={(l) => String(l.line_no)}
        empty={t('offers.try.noLines')}
        columns={[
          { header: t('offers.try.lineNo'), cell: (l) => l.line_no },
          { header: t('offers.try.itemColumn'), cell: (l) => itemName(l.foodid) },
          { header: t('offers.try.amount'), cell: (l) => money(l.amount), align: 'right' },
          { header: t('offers.try.discount'), cell: (l) => money(l.discount), align: 'right' },
          { header: t('offers.try.lineTotal'), cell: (l) => money(l.total), align: 'right' },
        ]}
      />
      <DetailTable
        title={t('offers.try.applied')}
        rows={quote.applied}
        rowKey={(a) => String(a.offer_id)}
        empty={t('offers.try.noneApplied')}
        columns={[
          { header: t('offers.try.offer'), cell: (a) => a.name },
          { header: t('offers.try.amount'), cell: (a) => money(a.amount), align: 'right' },
          { header: t('offers.try.code'), cell: (a) => a.code ?? '—' },
        ]}
      />
      <DetailTable
        title={t('offers.try.notApplied')}
        rows={quote.not_applied}
        rowKey={(n) => String(n.offer_id)}
        empty={t('offers.try.noneNotApplied')}
        columns={[
          { header: t('offers.try.offer'), cell: (n) => n.name },
          { header: t('offers.try.why'), cell: (n) => n.message },
        ]}
      />
      {quote.codes.length > 0 && (
        <DetailTable
          title={t('offers.try.codeStatuses')}
          rows={quote.codes}
          rowKey={(c) => c.code}
          empty=""
          columns={[
            { header: t('offers.try.code'), cell: (c) => c.code },
            {
              header: t('offers.try.codeStatus'),
              cell: (c) =>
                c.status === 'ok'
                  ? applied(c.offer_id)
                    ? t('offers.try.codeOk', { name: applied(c.offer_id) })
                    : t('offers.try.codeOkNotApplied')
                  : t(`offers.try.codeStatus_${c.status}`),
            },
          ]}
        />
      )}
      <Box component="section">
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          {t('offers.try.suggestions')}
        </Typography>
        {quote.upsells.length === 0 && quote.suggest.length === 0 && (
          <Typography color="text.secondary">{t('offers.try.noSuggestions')}</Typography>
        )}
        {quote.upsells.length > 0 && (
          <Box component="ul" aria-label={t('offers.try.upsells')} sx={{ m: 0, pl: 3 }}>
            {quote.upsells.map((u) => (
              <li key={`${u.rule_id}-${u.foodid}`}>
                {t('offers.try.upsell', {
                  name: u.name,
                  price: u.price === null ? '—' : money(u.price),
                  rule: u.rule,
                  placement: t(`offers.placement.${u.placement}`),
                })}
              </li>
            ))}
          </Box>
        )}
        {quote.suggest.length > 0 && (
          <Box component="ul" aria-label={t('offers.try.freeItems')} sx={{ m: 0, pl: 3 }}>
            {quote.suggest.map((foodid) => (
              <li key={foodid}>{t('offers.try.freeItem', { name: itemName(foodid) })}</li>
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
