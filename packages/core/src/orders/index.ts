export * from './money.js';
export * from './order-rules.js';
export * from './refund-rules.js';
export * from './figures.js';
