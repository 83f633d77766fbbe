/**
 * The allergen catalogue: the 14 allergens EU and UK food law (Regulation (EU) No 1169/2011, Annex II)
 * requires menus to declare, with the short codes the platform uses (spec 000 §3, §7: CY celery, GN gluten,
 * MK milk, PT peanut, SD sesame, SA soya; the rest chosen in the same style).
 */
export const ALLERGEN_CATALOGUE = [
  { code: 'CY', name: 'Celery' },
  { code: 'GN', name: 'Gluten' },
  { code: 'CR', name: 'Crustaceans' },
  { code: 'EG', name: 'Eggs' },
  { code: 'FH', name: 'Fish' },
  { code: 'LP', name: 'Lupin' },
  { code: 'MK', name: 'Milk' },
  { code: 'MS', name: 'Molluscs' },
  { code: 'MD', name: 'Mustard' },
  { code: 'NT', name: 'Tree nuts' },
  { code: 'PT', name: 'Peanut' },
  { code: 'SD', name: 'Sesame' },
  { code: 'SA', name: 'Soya' },
  { code: 'SP', name: 'Sulphites' },
] as const;

export type AllergenCode = (typeof ALLERGEN_CATALOGUE)[number]['code'];

/** Code → full name (CY → Celery). */
export const ALLERGEN_NAME_BY_CODE: Record<string, string> = Object.fromEntries(
  ALLERGEN_CATALOGUE.map((a) => [a.code, a.name]),
);

/** The reverse mapping: full name (any case) → code. */
export const ALLERGEN_CODE_BY_NAME: Record<string, string> = Object.fromEntries(
  ALLERGEN_CATALOGUE.map((a) => [a.name.toLowerCase(), a.code]),
);

export function allergenCode(nameOrCode: string): string | undefined {
  const upper = nameOrCode.trim().toUpperCase();
  if (ALLERGEN_NAME_BY_CODE[upper]) return upper;
  return ALLERGEN_CODE_BY_NAME[nameOrCode.trim().toLowerCase()];
}

/** Allergen codes: two to four capital letters. */
export const ALLERGEN_CODE_RE = /^[A-Z]{2,4}$/;

/** Lists the item editor's selects use (GET /v2/bck/list_name_map), keyed by the item field they fill. */
export const DEFAULT_LIST_NAME_MAP = {
  dietary_info: ['Vegan', 'Vegetarian', 'Halal', 'Kosher', 'Jain'],
  special_diet: ['None', 'Diabetic friendly', 'Low sodium', 'Low fat', 'High protein', 'Gluten free'],
  food_texture: ['Regular', 'Soft', 'Minced and moist', 'Pureed', 'Liquidised'],
  artificialSubstance: ['Artificial colours', 'Artificial flavours', 'Preservatives', 'Sweeteners', 'MSG'],
  nutrients: [
    'Energy',
    'Protein',
    'Carbohydrate',
    'Sugars',
    'Fat',
    'Saturated fat',
    'Fibre',
    'Salt',
    'Sodium',
    'Cholesterol',
  ],
} as const;
export type ListNameMap = { [K in keyof typeof DEFAULT_LIST_NAME_MAP]: string[] };
