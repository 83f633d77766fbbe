export * from './clone-rules.js';
