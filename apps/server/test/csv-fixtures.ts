/**
 * Names a user could type that a spreadsheet opening a CSV would run as formulas (OWASP "CSV Injection"), and
 * how every CSV the product writes must show them: behind a single quote, as text.
 */
export const FORMULA_NAMES = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", '@SUM(1)', '-2+3', '\tX', '\rX'];

/** The ones an ingested order keeps (its texts are trimmed, so a leading tab or carriage return goes). */
export const TRIMMED_FORMULA_NAMES = FORMULA_NAMES.slice(0, 4);

/** A name as a CSV must hold it once read back: the name behind a single quote. */
export const neutralised = (name: string) => `'${name}`;
