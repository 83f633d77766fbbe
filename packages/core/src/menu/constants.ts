/** Menu business constants (spec 001 §9, spec 000 §9). */
export const MENU_LIMITS = {
  /** Submenu description, characters. */
  descriptionMax: 150,
  /** Selected available dates per item. */
  dateLimit: 366,
  prepTimeMin: 1,
  prepTimeMax: 59,
  /** Price-book item search: minimum characters and debounce. */
  searchMinChars: 3,
  searchDebounceMs: 800,
  /** The option table shows this many rows before it scrolls. */
  optionRows: 8,
  /** Numeric submenu limits the price book sends when not set. */
  missingLimit: -1,
  /** Item names and option names. */
  nameMax: 120,
  /** Image guide size for item and submenu images, MB. */
  imageMaxMb: 1,
} as const;

export const SUBMENU_TYPE_PRICEBOOK = 'pricebooksubmenu' as const;
export const DEFAULT_OPTION_TYPE = 'item' as const;
export const DEFAULT_DISPLAY = 'selection' as const;

/** vegflag: V veg, E egg, N non-veg (spec 001 §3.5). */
export const VEG_FLAGS = ['V', 'E', 'N'] as const;
export type VegFlag = (typeof VEG_FLAGS)[number];

/** Weekdays, Monday first (spec 001 §9). */
export const MENU_WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type Weekday = (typeof MENU_WEEKDAYS)[number];

/** Date format of available dates: dd-MM-yyyy. */
export const MENU_DATE_RE = /^(0[1-9]|[12]\d|3[01])-(0[1-9]|1[0-2])-\d{4}$/;
/** Time of day HH:mm. */
export const MENU_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;
