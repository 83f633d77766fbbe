export * from './content-rules.js';
