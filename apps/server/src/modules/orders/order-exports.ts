import type { z } from 'zod';
import { orderExportQuery, type OrderSummary } from '@cd/core';
import type { ListExport } from '../list-export/index.js';
import { OrdersService } from './orders.service.js';

/** The order history's export: the filtered orders as the list shows them. */
export const orderExport: ListExport<z.output<typeof orderExportQuery>, OrderSummary> = {
  resource: 'orders',
  label: 'Orders',
  path: '/orders',
  pages: ['preorderhistory', 'refunds'],
  query: orderExportQuery,
  operationId: 'exportOrders',
  tag: 'orders',
  columns: [
    { header: 'Order id', value: (r) => r.order_id, width: 10 },
    { header: 'Order number', value: (r) => r.order_number, width: 24 },
    { header: 'Business date', value: (r) => r.business_date, width: 14 },
    { header: 'Placed at (UTC)', value: (r) => r.placed_at, date: true, width: 20 },
    { header: 'Restaurant', value: (r) => r.restaurant_name, width: 24 },
    { header: 'Restaurant id', value: (r) => r.restaurant, width: 32 },
    { header: 'Food court id', value: (r) => r.foodcourt, width: 20 },
    { header: 'Channel', value: (r) => r.channel, width: 10 },
    { header: 'Type', value: (r) => r.order_type, width: 14 },
    { header: 'Status', value: (r) => r.status, width: 12 },
    { header: 'Session', value: (r) => r.session, width: 12 },
    { header: 'Customer', value: (r) => r.customer_ref, width: 16 },
    { header: 'Items', value: (r) => r.item_count, width: 8 },
    { header: 'Currency', value: (r) => r.currency, width: 10 },
    { header: 'Total', value: (r) => r.total, width: 12 },
    { header: 'Paid', value: (r) => r.paid, width: 12 },
    { header: 'Refunded', value: (r) => r.refunded, width: 12 },
  ],
  fetch: (db, user, query, range) => new OrdersService(db).list(query, user, range),
};
