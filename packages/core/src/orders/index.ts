export * from './money.js';
export * from './order-rules.js';
export * from './refund-rules.js';
