export * from './counter-rules.js';
