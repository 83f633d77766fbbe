export { invoicesRoutes } from './invoices.routes.js';
export { InvoicesService } from './invoices.service.js';
export { renderInvoicePdf } from './invoice-pdf.js';
