import { CURRENCIES } from '@cd/core';
import { SelectFormField } from './form-fields';

const OPTIONS = CURRENCIES.map((c) => ({ value: c.code, label: `${c.code} — ${c.name} (${c.symbol})` }));

/** The currency select, from core's static currency table (spec 001 §3.4). */
export function CurrencyField() {
  return <SelectFormField name="currency" options={OPTIONS} />;
}
