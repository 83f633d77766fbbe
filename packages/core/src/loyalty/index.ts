export * from './loyalty-rules.js';
