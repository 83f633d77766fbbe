/** The most codes one request makes (core's qrCreateBody). */
export const MAX_LABELS = 500;

/** Labels typed one per line: trimmed, blank lines dropped, each once (in the order typed). */
export function labelsFromLines(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}

export type Range = { prefix: string; from: string; to: string };

/**
 * "Tables 1 to 20" with prefix T: T1 … T20. Whole numbers from ≥ 0, to ≥ from, at most MAX_LABELS of them;
 * otherwise the reason (an i18n key under qrCodes.range).
 */
export function labelsFromRange({ prefix, from, to }: Range): { labels: string[] } | { error: string } {
  const start = Number(from);
  const end = Number(to);
  if (from.trim() === '' || to.trim() === '') return { error: 'missing' };
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < 0) return { error: 'whole' };
  if (end < start) return { error: 'order' };
  if (end - start + 1 > MAX_LABELS) return { error: 'tooMany' };
  const labels: string[] = [];
  for (let n = start; n <= end; n += 1) labels.push(`${prefix.trim()}${n}`);
  return { labels };
}
