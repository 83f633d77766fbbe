import { seedDemoLoyalty } from './loyalty-demo.js';
import { seedDemoMarketing } from './marketing-demo.js';
import { sql } from 'drizzle-orm';
import {
  MENU_MANAGEMENT_PAGES,
  PAGE_PERMISSION_KEYS,
  newRestaurantDefaults,
  restaurantUniqueId,
  type ListedReportKind,
  type RestaurantFields,
} from '@cd/core';
import type { Db } from '../client.js';
import { appState, clients, foodcourts, locations, paths, restaurants, users } from '../schema/index.js';
import { hashPassword } from '../../modules/auth/password.js';
import { toRowValues } from '../../modules/sites/restaurant.mapping.js';
import { seedDemoMenu } from './menu-demo.js';
import { seedDemoOrders } from './orders-demo.js';
import { seedDemoFeedback } from './feedback-demo.js';
import { seedDemoSapRules } from './sap-demo.js';

export const DEMO_PASSWORD = 'ControlDesk#2026';

export const DEMO_USERS = [
  { userid: 'demo.admin', how: `password ${DEMO_PASSWORD}, phone 9000000001, e-mail admin@demo.controldesk.test` },
  {
    userid: 'demo.menu',
    how: `password ${DEMO_PASSWORD}, phone 9000000002 (+ e-mail code), e-mail menu@demo.controldesk.test`,
  },
  { userid: 'demo.reports', how: `password ${DEMO_PASSWORD}, e-mail reports@demo.controldesk.test` },
  { userid: 'demo.sso@corp.controldesk.test', how: `single sign-on only (demo provider password ${DEMO_PASSWORD})` },
];

/** A report of a client's lists: its label and the built-in report it runs (issue 14). */
const report = (label: string, kind: ListedReportKind) => ({ label, kind });

const CLIENTS = [
  {
    client: 'acme',
    name: 'Acme Technologies',
    settings: {
      foodcourtfields: { show_kiosk_timings: true },
      restaurantfields: { show_gstin: true, show_fssai_no: true },
      notificationrelateddata: { max_recipients: 5000 },
      modulefeedbackdata: { feedback: true, support: true },
      reportListJSON: {
        generalReport: {
          daily_sales: report('Daily sales', 'sales_by_day'),
          item_wise: report('Item-wise sales', 'item_wise'),
          tender_summary: report('Payments by tender', 'sales_by_tender'),
          tax_summary: report('Tax summary', 'tax_summary'),
        },
        standardSalesReport: {
          sales_summary: report('Sales summary', 'sales_by_restaurant'),
          session_sales: report('Sales by session', 'sales_by_session'),
          channel_sales: report('Sales by channel', 'sales_by_channel'),
        },
        standardItemWiseReport: {
          item_summary: report('Item summary', 'item_wise'),
          option_summary: report('Options chosen', 'option_wise'),
          category_summary: report('Sales by sales category', 'sales_by_category'),
        },
      },
      reportPermission: [
        'category_summary',
        'channel_sales',
        'daily_sales',
        'item_summary',
        'item_wise',
        'option_summary',
        'sales_summary',
        'session_sales',
        'tax_summary',
        'tender_summary',
      ],
      taxes_to_apply: [
        { id: 'cgst', name: 'CGST', percentage: 2.5 },
        { id: 'sgst', name: 'SGST', percentage: 2.5 },
      ],
      counter_permissions: ['hide_counter'],
      // The marketing-NZ setting of spec 000 §2.2: on the NZ deployment Acme's users see no logo.
      branding: { hide_logo_regions: ['nz'] },
    },
  },
  {
    client: 'globex',
    name: 'Globex Corporation',
    settings: {
      reportListJSON: {
        generalReport: { daily_sales: report('Daily sales', 'sales_by_day') },
        standardSalesReport: { sales_summary: report('Sales summary', 'sales_by_restaurant') },
        standardItemWiseReport: { item_summary: report('Item summary', 'item_wise') },
      },
      reportPermission: ['daily_sales', 'item_summary', 'sales_summary'],
      taxes_to_apply: [{ id: 'vat', name: 'VAT', percentage: 20 }],
      // Spec 000 §6: this permitted client switches the logo and selects the orange variant.
      branding: { logo_url: '/branding/globex.svg', theme: 'orange' },
      // Spec 001 §3.4: Globex keeps no nutrition data and uses no artificial-substance list.
      flags: { nutritionalInfo: false, artificialSubstance: false },
      counter_permissions: [],
    },
  },
];

const TREE = [
  {
    client: 'acme',
    location: 'loc-bengaluru',
    name: 'Bengaluru Tech Park',
    foodcourts: [
      {
        foodcourt: 'fc-blr-atrium',
        name: 'Atrium Food Court',
        restaurants: ['Spice Route', 'Dosa Corner', 'Green Bowl', 'Chai Point'],
      },
      {
        foodcourt: 'fc-blr-tower-b',
        name: 'Tower B Canteen',
        restaurants: ['Daily Thali', 'Wrap & Roll', 'Juice Bar'],
      },
    ],
  },
  {
    client: 'globex',
    location: 'loc-london',
    name: 'London Riverside Campus',
    foodcourts: [
      {
        foodcourt: 'fc-ldn-river',
        name: 'Riverside Kitchen',
        restaurants: ['Fish & Chips Co', 'Noodle House', 'Salad Stop'],
      },
      { foodcourt: 'fc-ldn-hub', name: 'The Hub Café', restaurants: ['Coffee Lab', 'Bakery Counter'] },
    ],
  },
  {
    client: 'globex',
    location: 'loc-auckland',
    name: 'Auckland Harbour Offices',
    foodcourts: [
      { foodcourt: 'fc-akl-wharf', name: 'Wharf Eatery', restaurants: ['Kiwi Grill', 'Sushi Go', 'Pie Shop'] },
    ],
  },
];

/** A complete restaurant record, as the form would save it. */
function demoRestaurant(name: string, restid: string, client: string, i: number): RestaurantFields {
  const base = newRestaurantDefaults();
  return {
    ...base,
    restid,
    name,
    client,
    sitecode: `S${String(100 + i)}`,
    currency: client === 'acme' ? 'INR' : 'GBP',
    gstin: client === 'acme' ? '29ABCDE1234F1Z5' : '',
    vendorname: `${name} Foods`,
    fssai_no: '10012345000123',
    // An Indian restaurant's address (issue 36: printed on its invoices with the place of supply).
    ...(client === 'acme'
      ? { address: `Unit ${i + 1}, Bengaluru Tech Park, Whitefield, Bengaluru`, state: 'Karnataka', pincode: '560066' }
      : {}),
    description: `${name}: freshly made food`,
    rest_na_message: 'We are closed right now',
    cuisines: 'Indian, Continental',
    extradetails: 'Pay at the counter or in the app',
    info_link: 'https://controldesk.example/help',
    status: 'active',
    type: 'cnc_regular',
    hasdelivery: i % 2 === 0,
  };
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** Creates the demo organisation and users when the database has no users yet. Returns true if it did. */
export async function seedDemo(db: Db): Promise<boolean> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  if ((count?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(clients).values(CLIENTS);
    await tx.insert(paths).values([{ pathid: 'standard' }, { pathid: 'corporate' }, { pathid: 'kiosk' }]);
    // The data warehouse last synced two hours before the demo was created.
    await tx
      .insert(appState)
      .values({ key: 'last_bqsync_time', value: new Date(Date.now() - 2 * 3_600_000).toISOString() });
    for (const loc of TREE) {
      await tx.insert(locations).values({ location: loc.location, name: loc.name });
      for (const fc of loc.foodcourts) {
        await tx.insert(foodcourts).values({ foodcourt: fc.foodcourt, location: loc.location, name: fc.name });
        await tx.insert(restaurants).values(
          fc.restaurants.map((name, i) => ({
            restaurant: restaurantUniqueId(fc.foodcourt, slug(name)),
            foodcourt: fc.foodcourt,
            ...toRowValues(demoRestaurant(name, slug(name), loc.client, i)),
          })),
        );
      }
    }
    await tx.insert(users).values([
      {
        userid: 'demo.admin',
        name: 'Demo Administrator',
        phone: '9000000001',
        email: 'admin@demo.controldesk.test',
        password_hash: passwordHash,
        login_types: ['password', 'phone', 'email'],
        admin: true,
        pagepermissionaccess: [...PAGE_PERMISSION_KEYS],
        sites: { locations: TREE.map((l) => l.location), foodcourts: [], restaurants: [] },
      },
      {
        userid: 'demo.menu',
        name: 'Demo Menu Manager',
        phone: '9000000002',
        email: 'menu@demo.controldesk.test',
        password_hash: passwordHash,
        login_types: ['password', 'phone', 'email'],
        mfa_enabled: true,
        pagepermissionaccess: [...MENU_MANAGEMENT_PAGES],
        sites: { locations: [], foodcourts: ['fc-blr-atrium'], restaurants: ['fc-ldn-river:noodle_house'] },
      },
      {
        // Reports only, and of Acme's reports just two (issue 14): what a user with two report permissions sees.
        userid: 'demo.reports',
        name: 'Demo Report Reader',
        email: 'reports@demo.controldesk.test',
        password_hash: passwordHash,
        login_types: ['password', 'email'],
        pagepermissionaccess: [
          'reports',
          'generalReports',
          'standardSalesReports',
          'standard_reports',
          'sales_reports',
        ],
        permissions: ['daily_sales', 'sales_summary'],
        sites: { locations: ['loc-bengaluru'], foodcourts: [], restaurants: [] },
      },
      {
        userid: 'demo.sso@corp.controldesk.test',
        name: 'Demo SSO User',
        email: 'demo.sso@corp.controldesk.test',
        login_types: ['sso'],
        only_sso_login: true,
        pagepermissionaccess: ['restaurant', 'foodcourt', 'location'],
        sites: { locations: ['loc-london'], foodcourts: [], restaurants: [] },
      },
    ]);
    await seedDemoMenu(tx);
    // 90 days of orders over the demo restaurants (issue 13): order history, refunds and reports have data.
    await seedDemoOrders(tx);
    // Feedback and support tickets on some of those orders (issue 13 point 7).
    await seedDemoFeedback(tx);
    // SAP posting rules, so a closed demo day can be previewed and posted (issue 15).
    await seedDemoSapRules(tx);
    // Customers, groups, offers and an upsell rule (issue 17).
    await seedDemoMarketing(tx);
    // Loyalty programs, rewards and a subscription plan (issue 18).
    await seedDemoLoyalty(tx);
  });
  return true;
}
