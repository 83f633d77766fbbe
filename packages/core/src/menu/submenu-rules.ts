import type { SubmenuForm, SubmenuOption, OptionRules } from './submenu.js';

/**
 * Submenu editor rules, spec 001 §4.3 and §5.3 — shared by the editor and the server.
 * Every refusal is a RuleError: `key` is the translation key (namespace `submenu.`), `message` English text.
 * (Signatures fixed by the lead; implementation by the rules helper.)
 */
export type RuleError = { key: string; message: string; field?: string };

export type SubmenuSaveContext = {
  mode: 'menu' | 'pricebook';
  /** Names of the main-menu items the submenu is connected to (menu mode). */
  connectedItemNames?: string[];
  /** The add-option dialog holds a half-typed option not yet added. */
  pendingOption?: boolean;
};

export function validateSubmenuSave(_form: SubmenuForm, _options: SubmenuOption[], _ctx: SubmenuSaveContext): RuleError | null {
  throw new Error('not implemented');
}
export function validateOption(_option: SubmenuOption, _others: SubmenuOption[]): RuleError | null {
  throw new Error('not implemented');
}
export function validateSubOption(_name: string, _price: number | null, _existing: string[]): RuleError | null {
  throw new Error('not implemented');
}
export function isValidOptionName(_name: string): boolean {
  throw new Error('not implemented');
}
export function withMultiple(_rules: OptionRules, _multiple: boolean): OptionRules {
  throw new Error('not implemented');
}
