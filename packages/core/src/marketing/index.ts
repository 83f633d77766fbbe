export * from './offer-rules.js';
export * from './pricing-engine.js';
export * from './upsell-rules.js';
