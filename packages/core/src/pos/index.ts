export * from './pos-rules.js';
