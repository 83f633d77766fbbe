export * from './production-rules.js';
