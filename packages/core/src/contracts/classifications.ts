import { z } from 'zod';
import {
  assignResultSchema,
  CLASSIFICATION_KINDS,
  classificationSchema,
  classifiedItemSchema,
} from '../classifications/classification-rules.js';
import { successEnvelope } from './envelope.js';
import { exportQuerySchema, listAnswerSchema, listQuerySchema } from './list.js';

/**
 * Classifications (issue 20, page classifications): sales categories, accounting groups, diet tags and other
 * groupings of items, used by reports, SAP rules and the menu.
 *
 *   GET    /classifications?kind=&search=&sort=&page=          with each one's item count; /export the workbook
 *   POST   /classifications                                    PUT|DELETE /classifications/:id (version-checked)
 *   GET    /classifications/:id                                one
 *   GET    /classifications/:id/items?restaurant=&search=&page=   its items (of the user's restaurants)
 *   POST   /classifications/:id/assign {foodids, mode: add|remove}  many items at once, in one transaction; a
 *          sales category or accounting group moves the item from its previous one (`moved` says from which)
 *   GET    /classifications/items?restaurant=&search=&page=   a restaurant's items with what they have (to pick)
 *   GET    /classifications/unassigned?kind=&restaurant=&search=&page=   items with none of that kind
 */

export const CLASSIFICATION_SORT = ['name', 'kind', 'code', 'item_count', 'updated_at'] as const;
const filters = { kind: z.enum(CLASSIFICATION_KINDS).optional() };
export const classificationListQuery = listQuerySchema(CLASSIFICATION_SORT, filters);
export const classificationExportQuery = exportQuerySchema(CLASSIFICATION_SORT, filters);
export const classificationListAnswer = listAnswerSchema('classifications', classificationSchema);
export const classificationAnswer = successEnvelope({ message: z.string(), classification: classificationSchema });
export const classificationOneAnswer = successEnvelope({ classification: classificationSchema });

export const CLASSIFIED_ITEM_SORT = ['foodname', 'restaurant'] as const;
const restaurantFilter = { restaurant: z.string().trim().min(1).max(200).optional() };
export const classifiedItemListQuery = listQuerySchema(CLASSIFIED_ITEM_SORT, restaurantFilter);
export const classifiedItemListAnswer = listAnswerSchema('items', classifiedItemSchema);
export const restaurantItemListQuery = listQuerySchema(CLASSIFIED_ITEM_SORT, {
  restaurant: z.string().trim().min(1).max(200),
});
export const unassignedItemListQuery = listQuerySchema(CLASSIFIED_ITEM_SORT, {
  ...restaurantFilter,
  kind: z.enum(CLASSIFICATION_KINDS).default('sales_category'),
});
export const assignAnswer = successEnvelope({ message: z.string(), ...assignResultSchema.shape });
