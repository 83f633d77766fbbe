import type { FoodItemSummary, MenuResponse, PricebookFoodItem, PricebookSubmenuView, SubmenuView } from '@cd/core';

/** Test data after the demo menu (Spice Route, price book "standard" = path 1). */
export const RESTAURANT = 'fc-blr-atrium:spice_route';
export const PATH = 1;

type ItemPatch = Partial<Omit<FoodItemSummary, 'extras'>> & { extras?: Partial<FoodItemSummary['extras']> };

export function anItem(foodid: string, foodname: string, price: number, patch: ItemPatch = {}): FoodItemSummary {
  return {
    foodid,
    foodname,
    short_name: '',
    price,
    listofcategories: [],
    vegflag: 'V',
    hide_item: false,
    unavailable: false,
    imageurl: '',
    submenu: [],
    version: 1,
    ...patch,
    extras: { enable_as_submenu: false, enable_as_mealdeal: false, enable_as_mainitem: true, ...patch.extras },
  };
}

export const ITEMS = {
  paneer: anItem('spice_route_paneer_tikka', 'Paneer Tikka', 220),
  biryani: anItem('spice_route_chicken_biryani', 'Chicken Biryani', 320, { vegflag: 'N' }),
  lassi: anItem('spice_route_mango_lassi', 'Mango Lassi', 90, {
    short_name: 'Lassi',
    imageurl: 'https://img.test/lassi.png',
    extras: { enable_as_submenu: true },
  }),
  chai: anItem('spice_route_masala_chai', 'Masala Chai', 40, { extras: { enable_as_submenu: true } }),
  thali: anItem('spice_route_thali_meal_deal', 'Thali Meal Deal', 399, { extras: { enable_as_mealdeal: true } }),
};

export function aMenu(items: FoodItemSummary[] = Object.values(ITEMS)): MenuResponse {
  return {
    result: 'success',
    restaurant: {
      restaurant: RESTAURANT,
      name: 'Spice Route',
      client: 'acme',
      currency: 'INR',
      pricebook_path: 'standard',
    },
    fooditems: items,
    categories: [],
    submenus: [],
  };
}

const option = (price: number) => ({ imageurl: '', type: 'item' as const, isHidden: false, shortName: '', price });

/** "Spice level": Mild, Medium, Hot at 0; mandatory, single, default Medium; on Paneer Tikka and Chicken Biryani. */
export function spiceLevel(patch: Partial<SubmenuView> = {}): SubmenuView {
  return {
    submenuid: 'sm-spice',
    restaurant: RESTAURANT,
    title: 'Spice level',
    attributes: {
      ismand: true,
      multiple: false,
      min: null,
      max: null,
      free_quantity: null,
      max_quantity: null,
      min_quantity: null,
      default: 'Medium',
      description: 'How hot',
    },
    list: ['Mild', 'Medium', 'Hot'],
    options: { Mild: 0, Medium: 0, Hot: 0 },
    extras: { Mild: option(0), Medium: option(0), Hot: option(0) },
    connected_items: [ITEMS.paneer.foodid, ITEMS.biryani.foodid],
    version: 3,
    updated_at: '2026-01-01T00:00:00.000Z',
    updated_by: 'demo.admin',
    ...patch,
  };
}

/** "Add a drink": Mango Lassi and Masala Chai linked by food id; multiple 0..2; on Thali Meal Deal. */
export function addADrink(): SubmenuView {
  const linked = (foodid: string) => ({ ...option(0), foodid });
  return {
    ...spiceLevel(),
    submenuid: 'sm-drink',
    title: 'Add a drink',
    attributes: { ...spiceLevel().attributes, ismand: false, multiple: true, min: 0, max: 2, default: '' },
    list: ['Mango Lassi', 'Masala Chai'],
    options: { 'Mango Lassi': 0, 'Masala Chai': 0 },
    extras: { 'Mango Lassi': linked(ITEMS.lassi.foodid), 'Masala Chai': linked(ITEMS.chai.foodid) },
    connected_items: [ITEMS.thali.foodid],
  };
}

export function aPricebookItem(
  foodid: string,
  foodname: string,
  price: number,
  patch: Partial<PricebookFoodItem> = {},
) {
  return {
    foodid,
    foodname,
    price,
    path: PATH,
    tags: '',
    extras: JSON.stringify({ enable_as_submenu: true, imageurl: '' }),
    version: 1,
    ...patch,
  } satisfies PricebookFoodItem;
}

const subitem = (name: string, price: number, sequence: number, foodid = '') => ({
  submenuid: 'pb-bev',
  subitemname: name,
  subitemtype: 'item' as const,
  price,
  foodid,
  path: PATH,
  sequence,
  ishidden: false,
  ismand: false,
  multiple: false,
  min: -1,
  max: -1,
  min_quantity: -1,
  max_quantity: -1,
  free_quantity: -1,
  display: 'selection' as const,
  extras: '{}',
  imageurl: '',
  defaultSelect: false,
  subitem_extras: [],
  rules: { default: '' },
});

/** "Beverages" on path 1: tags drinks, cold; Mango Lassi 95 and Masala Chai 45 (linked). */
export function beverages(): PricebookSubmenuView {
  return {
    submenuid: 'pb-bev',
    submenuname: 'Beverages',
    submenutype: 'pricebooksubmenu',
    tags: 'drinks,cold',
    rules: {
      ismand: false,
      multiple: false,
      default: '',
      min: -1,
      max: -1,
      min_quantity: -1,
      max_quantity: -1,
      free_quantity: -1,
      description: '',
    },
    price: 0,
    extras: {},
    imageurl: '',
    isHidden: false,
    path: PATH,
    subitems: [
      subitem('Mango Lassi', 95, 0, 'spice_route_mango_lassi'),
      subitem('Masala Chai', 45, 1, 'spice_route_masala_chai'),
    ],
    version: 2,
    updated_at: '2026-01-01T00:00:00.000Z',
    updated_by: 'demo.admin',
  };
}
