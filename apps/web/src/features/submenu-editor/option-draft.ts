import { DEFAULT_OPTION_TYPE, EMPTY_RULES, normaliseOption, sanitizePrice, type SubmenuOption } from '@cd/core';

/** An option while the add/edit dialog holds it: the price stays text so decimals can be typed. */
export type OptionDraft = { option: SubmenuOption; priceText: string };

/** A new option: type item (spec 001 §9), display selection, nothing else set. */
export function newDraft(patch: Partial<SubmenuOption> = {}): OptionDraft {
  const option: SubmenuOption = {
    name: '',
    shortName: '',
    type: DEFAULT_OPTION_TYPE,
    imageurl: '',
    isHidden: false,
    rules: { ...EMPTY_RULES },
    ...patch,
  };
  return { option, priceText: option.price === undefined ? '' : String(option.price) };
}

export function draftOf(option: SubmenuOption): OptionDraft {
  return { option, priceText: option.type === 'item' && option.price !== undefined ? String(option.price) : '' };
}

/** Price input: negatives and text that is not a number clear the field (spec 001 §5.3). */
export function cleanPriceText(raw: string): string {
  return raw.trim() === '' || sanitizePrice(raw) === null ? '' : raw;
}

/** The option the dialog hands over: trimmed name, an item's empty price as 0, groups without price. */
export function draftToOption(draft: OptionDraft): SubmenuOption {
  const { option, priceText } = draft;
  if (option.type === 'group') return normaliseOption({ ...option, price: undefined });
  const price = priceText.trim() === '' ? 0 : Number(priceText);
  return normaliseOption({ ...option, price, items: undefined, refList: undefined });
}

/** Whether a new option's dialog holds anything the user typed (a half-typed option blocks the save). */
export function draftTouched(draft: OptionDraft): boolean {
  const o = draft.option;
  return (
    o.name.trim() !== '' ||
    o.shortName.trim() !== '' ||
    draft.priceText.trim() !== '' ||
    o.imageurl !== '' ||
    o.type !== DEFAULT_OPTION_TYPE ||
    Boolean(o.foodid)
  );
}

/** A group's sub-option names in order. */
export function subNames(option: SubmenuOption): string[] {
  return option.refList ?? Object.keys(option.items ?? {});
}
