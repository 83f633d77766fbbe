import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  SUBMENU_MESSAGES,
  validateFoodItem,
  type AttachedSubmenu,
  type FoodItemFields,
  type RuleError,
} from '@cd/core';
import type { DbOrTx } from '../../db/client.js';
import { allergens, categories, submenus } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { ruleFailure } from './rule-errors.js';

const unique = (list: string[]) => [...new Set(list)];

/** Repeated entries in the lists that are sets (a submenu attached twice, a category named twice) are dropped. */
export function normaliseItemFields(fields: FoodItemFields): FoodItemFields {
  return {
    ...fields,
    submenu: unique(fields.submenu),
    listofcategories: unique(fields.listofcategories),
    allergens: unique(fields.allergens),
  };
}

/**
 * The item rules of core (§5.2, §4.2) plus what only the database knows: the categories, allergens and
 * submenus the item names exist (submenus in the same restaurant), the submenus suit the item's type, and no
 * attached submenu has an option named like the item itself (§5.3 connectSelf, seen from the item's side).
 */
export async function checkItem(db: DbOrTx, restaurant: string, fields: FoodItemFields): Promise<void> {
  const [cats, known, subs] = await Promise.all([
    fields.listofcategories.length
      ? db
          .select({ name: categories.name })
          .from(categories)
          .where(and(eq(categories.restaurant, restaurant), inArray(categories.name, fields.listofcategories)))
      : Promise.resolve([]),
    fields.allergens.length
      ? db.select({ code: allergens.code }).from(allergens).where(inArray(allergens.code, fields.allergens))
      : Promise.resolve([]),
    fields.submenu.length
      ? db
          .select({
            submenuid: submenus.submenuid,
            all_linked: submenus.all_linked,
            list: sql<string[]>`${submenus.body}->'list'`,
          })
          .from(submenus)
          .where(and(eq(submenus.restaurant, restaurant), inArray(submenus.submenuid, fields.submenu)))
      : Promise.resolve([]),
  ]);
  checkItemAgainst(fields, {
    categories: new Set(cats.map((c) => c.name)),
    allergens: new Set(known.map((a) => a.code)),
    submenus: subs,
  });
}

/** What checkItem needs to know of the database (the bulk upload loads it once for every row). */
export type KnownMenu = {
  categories: ReadonlySet<string>;
  allergens: ReadonlySet<string>;
  /** The restaurant's submenus (at least those the item names). */
  submenus: readonly { submenuid: string; all_linked: boolean; list: string[] | null }[];
};

/** checkItem's rules on what was loaded: throws the first failure as checkItem does. */
export function checkItemAgainst(fields: FoodItemFields, known: KnownMenu): void {
  const errors: RuleError[] = validateFoodItem(fields, { submenus: known.submenus });
  if (errors.length) throw ruleFailure(errors);

  const missingCat = fields.listofcategories.find((c) => !known.categories.has(c));
  if (missingCat) {
    throw new AppError(400, 'unknownCategory', `Category ${missingCat} does not exist in this restaurant`, {
      field: 'listofcategories',
    });
  }
  const missingAllergen = fields.allergens.find((c) => !known.allergens.has(c));
  if (missingAllergen) {
    throw new AppError(400, 'unknownAllergen', `Allergen ${missingAllergen} does not exist`, { field: 'allergens' });
  }
  const name = fields.foodname.trim().toLowerCase();
  const attached = new Set(fields.submenu);
  const self = known.submenus.find(
    (s) => attached.has(s.submenuid) && (s.list ?? []).some((o) => o.trim().toLowerCase() === name),
  );
  if (self) {
    throw ruleFailure([
      { key: 'submenu.connectSelf', message: SUBMENU_MESSAGES['submenu.connectSelf'], field: 'submenu' },
    ]);
  }
}

/** Menu-mode submenus that list this item as an option (by food id): the attachment check of §4.2. */
export async function submenusLinking(db: DbOrTx, foodid: string): Promise<AttachedSubmenu[]> {
  return db
    .select({ submenuid: submenus.submenuid, submenuname: submenus.title })
    .from(submenus)
    .where(sql`${submenus.linked_foodids} @> ${JSON.stringify([foodid])}::jsonb`)
    .orderBy(submenus.title);
}

export function attachedConflict(foodname: string, attached: AttachedSubmenu[], what: string): AppError {
  return new AppError(
    409,
    'attachedToSubmenus',
    `${foodname} is an option of ${attached.map((s) => s.submenuname).join(', ')}: ${what}`,
    { all_attached_submenus: attached },
  );
}
