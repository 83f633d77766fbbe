export * from './classification-rules.js';
