import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  INVENTORY_SORT,
  STOCK_STATES,
  type ManualStockEntryType,
  type StockLedgerEntry,
  type StockLevel,
  type stockSettingsBody,
} from '@cd/core';
import { apiGet, apiPost } from '../../lib/api-client';
import { listUrlState } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

export type SettingsInput = z.input<typeof stockSettingsBody>;
export type SettingsOutput = z.output<typeof stockSettingsBody>;

/** The menu editor's key of a restaurant's menu: a stock movement may make an item sold out there. */
const menuKey = (restaurant: string) => ['menu', 'restaurant', restaurant];

/** GET /inventory?restaurant=&search=&state=; PUT /inventory/:foodid (tracked, low threshold; version-checked). */
export const inventoryApi = makeResourceApi<StockLevel, SettingsOutput>({
  key: ['inventory'],
  path: 'inventory',
  rowsField: 'items',
  rowField: 'item',
  idOf: (item) => item.foodid,
  exportName: 'inventory.xlsx',
});

export const ENTRY_DIALOGS = ['receipt', 'wastage', 'count'] as const satisfies readonly ManualStockEntryType[];
export type EntryDialog = (typeof ENTRY_DIALOGS)[number];

/** The address of /inventoryManagement: the restaurant, the list's keys, the state filter and the open dialog. */
export const inventoryUrl = listUrlState({
  sort: INVENTORY_SORT,
  dialogs: [...ENTRY_DIALOGS, 'ledger'] as const,
  filters: { restaurant: param.id(), state: param.oneOf(STOCK_STATES) },
});

export type EntryBody = { entry_type: ManualStockEntryType; quantity: number; reason: string };

/** POST /inventory/:foodid/entries: a receipt, wastage or count; the list, the ledger and the menu go stale. */
export function useStockEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, body }: { item: StockLevel; body: EntryBody }) =>
      apiPost<{ message: string; item: StockLevel }>(`inventory/${encodeURIComponent(item.foodid)}/entries`, body),
    onSuccess: (_answer, { item }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: inventoryApi.keys.all }),
        queryClient.invalidateQueries({ queryKey: ['inventory-ledger', item.foodid] }),
        queryClient.invalidateQueries({ queryKey: menuKey(item.restaurant) }),
      ]),
  });
}

/** GET /inventory/:foodid/ledger: the newest 200 entries. */
export function useLedger(foodid: string) {
  return useQuery({
    queryKey: ['inventory-ledger', foodid],
    queryFn: ({ signal }) =>
      apiGet<{ entries: StockLedgerEntry[]; total: number }>(
        `inventory/${encodeURIComponent(foodid)}/ledger?page_size=200`,
        { signal },
      ),
  });
}
