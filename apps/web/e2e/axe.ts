import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export type AxeFinding = { id: string; impact: string; help: string; targets: string[] };

/**
 * The serious and critical axe-core findings (WCAG 2.2 A and AA) on the page as it is now, once its running
 * transitions have ended: a colour halfway through a change, or a notice still fading in, is not what anyone reads
 * (the phone's /pricebook failed now and then at 4.32:1). axe is put into the page by the test, which the app's
 * Content-Security-Policy (script-src 'self') refuses: a spec using this sets `test.use({ bypassCSP: true })`.
 */
export async function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Put in once per page load (a journey checking one page in several sizes and themes reuses it).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: {
              id: string;
              impact: string;
              help: string;
              nodes: {
                target: string[];
                any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[];
              }[];
            }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        // A contrast finding says its colours: `#_r_1c_ (#8a8a8a on #ffffff, 3.45:1)`.
        targets: v.nodes.slice(0, 3).map((n) => {
          const data = n.any.find((check) => check.data?.contrastRatio !== undefined)?.data;
          const where = n.target.join(' ');
          return data ? `${where} (${data.fgColor} on ${data.bgColor}, ${data.contrastRatio}:1)` : where;
        }),
      }));
  });
}

/** The findings as lines a failed `toEqual([])` shows: rule, impact and where. */
export async function seriousAxeLines(page: Page): Promise<string[]> {
  return (await seriousAxeFindings(page)).map((v) => `${v.impact} ${v.id} at ${v.targets.join(', ')}`);
}
