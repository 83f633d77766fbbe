import { allergenPages } from '../features/allergens';
import { apiKeyPages } from '../features/api-keys';
import { bannerPages } from '../features/banners';
import { buzzfeedPages } from '../features/buzzfeed';
import { bulkOpsPages } from '../features/bulk-ops';
import { campaignPages } from '../features/campaigns';
import { classificationPages } from '../features/classifications';
import { counterPages } from '../features/counters';
import { customerGroupPages } from '../features/customer-groups';
import { dayendPages } from '../features/dayend';
import { documentPages } from '../features/documents';
import { feedbackPages } from '../features/feedback';
import { foodpicPages } from '../features/foodpic';
import { htmlPagePages } from '../features/html-pages';
import { inventoryPages } from '../features/inventory';
import { clonePages } from '../features/clone';
import { productionPlanningPages } from '../features/production-planning';
import { posVsdPages } from '../features/pos-vsd';
import { invoicePages } from '../features/invoices';
import { loyaltyPages } from '../features/loyalty';
import { menuPages } from '../features/menu';
import { menuManagementPages } from '../features/menu-management';
import { notificationPages } from '../features/notifications';
import { offerPages } from '../features/offers';
import { orderPages } from '../features/orders';
import { pricebookPages } from '../features/pricebook';
import { pushSettingsPages } from '../features/push-settings';
import { qrCodePages } from '../features/qr-codes';
import { reportPages } from '../features/reports';
import { sitePages } from '../features/sites';
import { subscriptionPages } from '../features/subscriptions';
import { upsellingPages } from '../features/upselling';
import { userManagementPages } from '../features/users';
import type { LazyPage } from '../lib/lazy-page';

/**
 * The pages that are built, by their navigation path (core's NAV_ENTRIES). A feature exports its pages from
 * its index.ts as a `Record<path, LazyPage>` and is spread in here; a navigation entry whose path is not here
 * opens the plain "not available yet" page.
 */
export const BUILT_PAGES: Record<string, LazyPage> = {
  ...userManagementPages,
  ...apiKeyPages,
  ...sitePages,
  ...menuManagementPages,
  ...menuPages,
  ...pricebookPages,
  ...allergenPages,
  ...bulkOpsPages,
  ...orderPages,
  ...invoicePages,
  ...feedbackPages,
  ...reportPages,
  ...dayendPages,
  ...counterPages,
  ...pushSettingsPages,
  ...qrCodePages,
  ...customerGroupPages,
  ...campaignPages,
  ...offerPages,
  ...upsellingPages,
  ...loyaltyPages,
  ...subscriptionPages,
  ...htmlPagePages,
  ...buzzfeedPages,
  ...notificationPages,
  ...foodpicPages,
  ...documentPages,
  ...bannerPages,
  ...classificationPages,
  ...inventoryPages,
  ...clonePages,
  ...productionPlanningPages,
  ...posVsdPages,
};
