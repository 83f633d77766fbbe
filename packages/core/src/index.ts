export * from './constants.js';
export * from './credentials.js';
export * from './session-messages.js';
export * from './validation.js';
export * from './contracts/auth.js';
export * from './contracts/envelope.js';
export * from './permissions.js';
