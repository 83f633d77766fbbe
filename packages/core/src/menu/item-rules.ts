/** Menu-item widget rules, spec 001 §5.2 (signatures by the lead; implementation by the rules helper). */
export {};
