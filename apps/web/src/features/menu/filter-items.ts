import type { FoodItemSummary } from '@cd/core';

/** The items whose name, short name or id contains the search (any case) and that are in the category. */
export function filterItems(items: readonly FoodItemSummary[], search: string, category?: string): FoodItemSummary[] {
  const needle = search.trim().toLowerCase();
  if (!needle && !category) return items as FoodItemSummary[];
  return items.filter(
    (item) =>
      (!category || item.listofcategories.includes(category)) &&
      (!needle ||
        item.foodname.toLowerCase().includes(needle) ||
        item.short_name.toLowerCase().includes(needle) ||
        item.foodid.toLowerCase().includes(needle)),
  );
}
