import { ALLERGEN_SORT, type AllergenView, type allergenBody } from '@cd/core';
import type { z } from 'zod';
import { listUrlState } from '../../lib/list-url-state';
import { makeResourceApi } from '../../lib/resource-api';
import { param } from '../../lib/url-state';

/** GET /allergens (paged, sortable, with item counts), POST /allergens, PUT and DELETE /allergens/:code. */
export const allergenApi = makeResourceApi<AllergenView, z.output<typeof allergenBody>>({
  // The menu editor's allergen list lives under the same key root, so a save refreshes it too.
  key: 'allergens',
  path: 'allergens',
  rowsField: 'data',
  rowField: 'allergen',
  idOf: (allergen) => allergen.code,
  exportName: 'allergens.xlsx',
});

/** ?search=&regulated=&sort=&order=&page=&page_size= for the list; ?edit=<code>, ?action=new, ?dialog=delete. */
export const allergensUrl = listUrlState({
  sort: ALLERGEN_SORT,
  dialogs: ['delete'] as const,
  filters: { regulated: param.oneOf(['true', 'false'] as const) },
});
