export * from './feedback-rules.js';
