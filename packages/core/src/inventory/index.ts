export * from './inventory-rules.js';
export * from './snooze-rules.js';
