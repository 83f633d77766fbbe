import { foodItemFieldsSchema, type DaysAvailable, type FoodItem, type FoodItemFields } from '@cd/core';

/** Number fields whose input may be empty while editing ('' until a number is typed). */
export const NUMBER_FIELDS = [
  'price',
  'subsidyamount',
  'mrp_quantity_trigger',
  'calories',
  'individual_quantity',
  'itemsincontainer',
  'deliverycharges',
  'temperature',
  'preorder_push_minutes',
] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];

/** The item editor's values: the item's fields, with number inputs allowed to be empty. */
export type ItemFormValues = Omit<FoodItemFields, NumberField> & { [K in NumberField]: number | '' };

/** Fields that default to 0 when left empty; the rest are left out. */
const ZERO_WHEN_EMPTY: readonly NumberField[] = ['price', 'subsidyamount', 'mrp_quantity_trigger'];

function withNumbers(fields: FoodItemFields): ItemFormValues {
  const values = { ...fields } as unknown as ItemFormValues;
  for (const key of NUMBER_FIELDS) values[key] = fields[key] ?? '';
  return values;
}

/** A new item: every field at its default. */
/** A new item's values; `days`: the client's default days available (spec 001 §3.4), else every day. */
export function newItemValues(days?: DaysAvailable): ItemFormValues {
  const fields = newFields();
  return withNumbers(days ? { ...fields, daysavailable: { ...days } } : fields);
}

/** A stored item as the form edits it (fields it does not know are dropped, missing ones take their default). */
export function itemToFormValues(item: FoodItem): ItemFormValues {
  const fields = Object.fromEntries(
    Object.keys(foodItemFieldsSchema.shape).map((key) => [key, item[key as keyof FoodItemFields]]),
  ) as Partial<FoodItemFields>;
  const parsed = foodItemFieldsSchema.safeParse(fields);
  return withNumbers(parsed.success ? parsed.data : ({ ...newFields(), ...fields } as FoodItemFields));
}

function newFields(): FoodItemFields {
  const defaults = foodItemFieldsSchema.parse({ foodname: 'x' });
  return { ...defaults, foodname: '' };
}

/** What the save sends: empty numbers become 0 or are left out; the nutrients' order follows the rows. */
export function formValuesToFields(values: ItemFormValues): FoodItemFields {
  const fields = { ...values } as Record<string, unknown>;
  for (const key of NUMBER_FIELDS) {
    if (values[key] !== '') continue;
    if (ZERO_WHEN_EMPTY.includes(key)) fields[key] = 0;
    else delete fields[key];
  }
  fields.nutrients_order = values.nutrition.map((row) => row.name);
  // An ingredient row left without a name is not an ingredient.
  fields.ingredients = values.ingredients.map((s) => ({ ...s, values: s.values.filter((v) => v.name.trim() !== '') }));
  return fields as FoodItemFields;
}
