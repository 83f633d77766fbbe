import { eq, inArray, sql } from 'drizzle-orm';
import {
  defaultFinePermissions,
  foodItemFieldsSchema,
  toPricebookSubmenu,
  toStoredSubmenu,
  EMPTY_RULES,
  type FoodItemInput,
  type SubmenuForm,
  type SubmenuOption,
} from '@cd/core';
import type { Tx } from '../client.js';
import {
  categories,
  foodItems,
  foodItemSubmenus,
  paths,
  pricebookFoodItems,
  pricebookSubmenus,
  restaurants,
  submenus,
  users,
} from '../schema/index.js';
import { toItemRowValues } from '../../modules/menu/item.mapping.js';

const SPICE = 'fc-blr-atrium:spice_route';
const NOODLE = 'fc-ldn-river:noodle_house';

type DemoItem = FoodItemInput & { foodid: string; restaurant: string };

const lunchAndDinner = [
  { starttime: '11:30', endtime: '15:00' },
  { starttime: '18:30', endtime: '22:30' },
];

const ITEMS: DemoItem[] = [
  {
    foodid: 'spice_route_paneer_tikka',
    restaurant: SPICE,
    foodname: 'Paneer Tikka',
    price: 220,
    listofcategories: ['Starters'],
    vegflag: 'V',
    fooddescription: 'Cottage cheese marinated in yoghurt and spices, grilled in the tandoor',
    allergens: ['MK'],
    cuisine: 'North Indian',
    taxation: 'GST 5%',
    hsn_code: '996331',
    calories: 320,
    servingtime: lunchAndDinner,
    app_preptime_array: [{ starttime: '12:00', endtime: '14:00', preptime: 15, preptimelabel: 'Lunch rush' }],
    tags: ['bestseller'],
  },
  {
    foodid: 'spice_route_chicken_biryani',
    restaurant: SPICE,
    foodname: 'Chicken Biryani',
    price: 320,
    listofcategories: ['Mains'],
    vegflag: 'N',
    fooddescription: 'Basmati rice layered with chicken, saffron and fried onions, slow cooked',
    allergens: [],
    cuisine: 'Hyderabadi',
    taxation: 'GST 5%',
    hsn_code: '996331',
    calories: 650,
    servingtime: lunchAndDinner,
    tags: ['bestseller', 'spicy'],
  },
  {
    foodid: 'spice_route_masala_dosa',
    restaurant: SPICE,
    foodname: 'Masala Dosa',
    price: 150,
    listofcategories: ['Mains'],
    vegflag: 'V',
    fooddescription: 'Crisp rice and lentil crêpe with spiced potato, sambar and chutney',
    allergens: ['MD'],
    cuisine: 'South Indian',
    taxation: 'GST 5%',
    session_list: ['Breakfast', 'Lunch'],
  },
  {
    foodid: 'spice_route_egg_curry',
    restaurant: SPICE,
    foodname: 'Egg Curry',
    price: 180,
    listofcategories: ['Mains'],
    vegflag: 'E',
    fooddescription: 'Boiled eggs in an onion and tomato gravy',
    allergens: ['EG'],
    cuisine: 'North Indian',
    taxation: 'GST 5%',
  },
  {
    foodid: 'spice_route_mango_lassi',
    restaurant: SPICE,
    foodname: 'Mango Lassi',
    price: 90,
    listofcategories: ['Drinks'],
    vegflag: 'V',
    fooddescription: 'Alphonso mango blended with yoghurt',
    allergens: ['MK'],
    is_beverage: true,
    temperature: 4,
    extras: { enable_as_submenu: true, enable_as_mealdeal: false, enable_as_mainitem: true },
  },
  {
    foodid: 'spice_route_masala_chai',
    restaurant: SPICE,
    foodname: 'Masala Chai',
    price: 40,
    listofcategories: ['Drinks'],
    vegflag: 'V',
    fooddescription: 'Tea brewed with milk, ginger and cardamom',
    allergens: ['MK'],
    is_beverage: true,
    is_hot_food: true,
    temperature: 70,
    extras: { enable_as_submenu: true, enable_as_mealdeal: false, enable_as_mainitem: true },
  },
  {
    foodid: 'spice_route_thali_meal_deal',
    restaurant: SPICE,
    foodname: 'Thali Meal Deal',
    price: 399,
    listofcategories: ['Mains'],
    vegflag: 'V',
    fooddescription: 'Dal, two curries, rice, rotis and a drink of your choice',
    allergens: ['GN', 'MK'],
    cuisine: 'North Indian',
    taxation: 'GST 5%',
    extras: { enable_as_submenu: false, enable_as_mealdeal: true, enable_as_mainitem: true },
  },
  {
    foodid: 'noodle_house_tonkotsu_ramen',
    restaurant: NOODLE,
    foodname: 'Tonkotsu Ramen',
    price: 9.5,
    listofcategories: ['Noodles'],
    vegflag: 'N',
    fooddescription: 'Pork bone broth, chashu, soft egg and wheat noodles',
    allergens: ['GN', 'EG', 'SA', 'SD'],
    cuisine: 'Japanese',
    taxation: 'VAT 20%',
  },
  {
    foodid: 'noodle_house_gyoza',
    restaurant: NOODLE,
    foodname: 'Gyoza',
    price: 5,
    listofcategories: ['Sides'],
    vegflag: 'N',
    fooddescription: 'Pan-fried pork and cabbage dumplings',
    allergens: ['GN', 'SA'],
    cuisine: 'Japanese',
    taxation: 'VAT 20%',
  },
  {
    foodid: 'noodle_house_green_tea',
    restaurant: NOODLE,
    foodname: 'Green Tea',
    price: 2,
    listofcategories: ['Drinks'],
    vegflag: 'V',
    fooddescription: 'Sencha, served hot',
    is_beverage: true,
    taxation: 'VAT 20%',
  },
];

const option = (name: string, extra: Partial<SubmenuOption> = {}): SubmenuOption => ({
  name,
  shortName: '',
  type: 'item',
  price: 0,
  imageurl: '',
  isHidden: false,
  rules: EMPTY_RULES,
  ...extra,
});
const form = (title: string, over: Partial<SubmenuForm>): SubmenuForm => ({
  title,
  description: '',
  ismand: false,
  multiple: false,
  min: null,
  max: null,
  free_quantity: null,
  min_quantity: null,
  max_quantity: null,
  default: '',
  tags: [],
  ...over,
});

const SUBMENUS = [
  {
    submenuid: 'sm_spice_route_spice_level',
    form: form('Spice level', { ismand: true, default: 'Medium', description: 'How hot would you like it?' }),
    options: [option('Mild'), option('Medium'), option('Hot')],
    connected: ['spice_route_paneer_tikka', 'spice_route_chicken_biryani'],
  },
  {
    submenuid: 'sm_spice_route_add_a_drink',
    form: form('Add a drink', { multiple: true, min: 0, max: 2, description: 'Included with the meal deal' }),
    options: [
      option('Mango Lassi', { foodid: 'spice_route_mango_lassi' }),
      option('Masala Chai', { foodid: 'spice_route_masala_chai' }),
    ],
    connected: ['spice_route_thali_meal_deal'],
  },
];

/**
 * The demo menus (see README): Spice Route with categories, items, two submenus and the `standard` price
 * book; Noodle House with three items. Runs inside seedDemo's transaction, after the sites and users exist.
 */
export async function seedDemoMenu(tx: Tx): Promise<void> {
  await tx
    .update(restaurants)
    .set({ details: sql`${restaurants.details} || '{"pricebook_path":"standard"}'::jsonb` })
    .where(eq(restaurants.restaurant, SPICE));
  // demo.menu manages menus: it holds the fine permissions a page grant pre-selects (spec 000 §6), so the
  // price, taxation and availability fields are editable for it as for a real menu manager.
  await tx
    .update(users)
    .set({ permissions: defaultFinePermissions('editMenu') })
    .where(eq(users.userid, 'demo.menu'));

  const cats = [
    ...['Starters', 'Mains', 'Drinks'].map((name, i) => ({ restaurant: SPICE, name, sequence: i + 1 })),
    ...['Noodles', 'Sides', 'Drinks'].map((name, i) => ({ restaurant: NOODLE, name, sequence: i + 1 })),
  ];
  await tx.insert(categories).values(cats);

  await tx.insert(foodItems).values(
    ITEMS.map(({ foodid, restaurant, ...input }, i) => ({
      foodid,
      restaurant,
      ...toItemRowValues(foodItemFieldsSchema.parse(input)),
      sequence: i + 1,
      updated_by: 'demo.admin',
    })),
  );

  await tx.insert(submenus).values(
    SUBMENUS.map((s) => ({
      submenuid: s.submenuid,
      restaurant: SPICE,
      title: s.form.title,
      body: toStoredSubmenu(s.form, s.options) as unknown as Record<string, unknown>,
      option_count: s.options.length,
      all_linked: s.options.every((o) => !!o.foodid),
      linked_foodids: s.options.flatMap((o) => (o.foodid ? [o.foodid] : [])),
      updated_by: 'demo.admin',
    })),
  );
  await tx
    .insert(foodItemSubmenus)
    .values(SUBMENUS.flatMap((s) => s.connected.map((foodid) => ({ foodid, submenuid: s.submenuid, sequence: 0 }))));

  const pathRows = await tx
    .select()
    .from(paths)
    .where(inArray(paths.pathid, ['standard', 'corporate']));
  const pathId = (pathid: string) => pathRows.find((p) => p.pathid === pathid)!.id;
  const standard = pathId('standard');
  const pb = (path: number, foodid: string, foodname: string, price: number, enable_as_submenu = false) => ({
    path,
    foodid,
    foodname,
    price: String(price),
    enable_as_submenu,
    tags: enable_as_submenu ? 'drinks' : '',
    updated_by: 'demo.admin',
  });
  await tx
    .insert(pricebookFoodItems)
    .values([
      pb(standard, 'spice_route_mango_lassi', 'Mango Lassi', 95, true),
      pb(standard, 'spice_route_masala_chai', 'Masala Chai', 45, true),
      pb(standard, 'pb_mango_smoothie', 'Mango Smoothie', 120, true),
      pb(standard, 'spice_route_paneer_tikka', 'Paneer Tikka', 230),
      pb(standard, 'spice_route_chicken_biryani', 'Chicken Biryani', 330),
      pb(pathId('corporate'), 'spice_route_mango_lassi', 'Mango Lassi', 99, true),
    ]);
  const beverages = toPricebookSubmenu(
    form('Beverages', { tags: ['drinks', 'cold'], description: 'Chilled drinks' }),
    [
      option('Mango Lassi', { foodid: 'spice_route_mango_lassi', price: 95, path: standard }),
      option('Masala Chai', { foodid: 'spice_route_masala_chai', price: 45, path: standard }),
    ],
    standard,
    'pbsm_standard_beverages',
  );
  beverages.subitems = beverages.subitems.map((s, i) => ({ ...s, id: i + 1 }));
  await tx.insert(pricebookSubmenus).values({
    submenuid: 'pbsm_standard_beverages',
    path: standard,
    submenuname: 'Beverages',
    tags: ['drinks', 'cold'],
    body: beverages as unknown as Record<string, unknown>,
    updated_by: 'demo.admin',
  });
}
