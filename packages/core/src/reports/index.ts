export * from './report-catalog.js';
