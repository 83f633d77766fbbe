export * from './loyalty-rules.js';
export * from './subscription-rules.js';
