export * from './audit.js';
export * from './auth.js';
export * from './sites.js';
export * from './users.js';
