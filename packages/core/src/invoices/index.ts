export * from './invoice-rules.js';
