export * from './fields.js';
export * from './options.js';
export * from './rules.js';
export * from './transitions.js';
export * from './field-permissions.js';
