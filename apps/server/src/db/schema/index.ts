export * from './audit.js';
export * from './auth.js';
export * from './profiles.js';
export * from './sites.js';
export * from './users.js';
export * from './media.js';
export * from './menu.js';
export * from './jobs.js';
