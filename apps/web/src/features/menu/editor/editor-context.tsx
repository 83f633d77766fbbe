import { createContext, useContext } from 'react';
import type { LockableField, ListNameMap, SubmenuSummary } from '@cd/core';
import type { PopupType } from '../../../components/popup-icon';
import type { Holds } from '../permissions';

export type AllergenChoice = { code: string; name: string };

/** What the item editor's widgets read besides the form: the user's rights, the lists, the item, alerts. */
export type ItemEditorContextValue = {
  holds: Holds;
  /** unit_manager: lock buttons, and may edit locked fields (spec 001 §6). */
  unitManager: boolean;
  /** The stored item's id; undefined while adding. */
  foodid?: string;
  restaurant: string;
  /** The restaurant's currency code and symbol. */
  currency: { code: string; symbol: string };
  money: (amount: number) => string;
  /** The item's price on the restaurant's price book, when it has one. */
  pricebookPrice: number | null;
  categories: string[];
  submenus: SubmenuSummary[];
  lists: Partial<ListNameMap>;
  allergens: AllergenChoice[];
  /** Opens the alert popup (spec 000 §2.4). */
  alert: (type: PopupType, text: string, secondary?: string) => void;
};

const ItemEditorContext = createContext<ItemEditorContextValue | null>(null);
export const ItemEditorProvider = ItemEditorContext.Provider;

export function useItemEditor(): ItemEditorContextValue {
  const value = useContext(ItemEditorContext);
  if (!value) throw new Error('useItemEditor: outside the item editor');
  return value;
}

/** Which lock governs a field: its own (price, hide item, days and dates) or the days-and-dates one. */
export function lockOf(key: string, lockable?: LockableField): LockableField | undefined {
  if (lockable) return lockable;
  if (key === 'daysavailable' || key === 'datesavailable') return 'daysanddateavailable';
  return undefined;
}
