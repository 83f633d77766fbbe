/** The form's sections in order (spec 001 §2.1): the left navigation lists them, the scroll-spy tracks them. */
export const RESTAURANT_SECTIONS = [
  'basic',
  'menu',
  'flows',
  'delivery',
  'features',
  'itemCount',
  'ordering',
  'pricing',
  'tax',
  'availability',
  'serving',
  'extra',
  'json',
] as const;
export type RestaurantSectionId = (typeof RESTAURANT_SECTIONS)[number];

/** The DOM id of a section's element. */
export const sectionDomId = (id: RestaurantSectionId) => `restaurant-section-${id}`;
