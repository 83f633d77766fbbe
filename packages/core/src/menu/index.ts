export * from './constants.js';
export * from './allergens.js';
export * from './item.js';
export * from './submenu.js';
export * from './pricebook.js';
export * from './item-rules.js';
export * from './submenu-rules.js';
export * from './simple-submenu.js';
