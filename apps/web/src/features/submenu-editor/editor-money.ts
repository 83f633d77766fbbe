import { createContext, useContext, useMemo } from 'react';
import { moneyAdornment } from '../../components/money-adornment';
import { moneyFormatter } from '../../lib/money';

/** The currency of the submenu edited: the restaurant's in menu mode; undefined (the region's) in price-book mode. */
export const EditorCurrency = createContext<string | undefined>(undefined);

/** Prices of the editor in one money format (issue 21 point 7): shown as "₹10.00", typed beside the symbol. */
export function useEditorMoney() {
  const currency = useContext(EditorCurrency);
  return useMemo(() => ({ format: moneyFormatter(currency), adornment: moneyAdornment(currency) }), [currency]);
}
