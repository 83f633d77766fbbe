export * from './sap-rules.js';
