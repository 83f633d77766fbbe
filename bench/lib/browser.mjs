// What the browser benchmarks share: Debian's Chromium with the project's launch flags (DESIGN.md §2), a signed-in
// storage state, and timings recorded inside the page (Playwright's own polling of a locator adds up to half a
// second, so the page notes the moment something first shows).
/* global document, window, MutationObserver, requestAnimationFrame -- functions passed to the page run in the browser */
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser() {
  return chromium.launch({
    executablePath: fs.existsSync(CHROMIUM) ? CHROMIUM : undefined,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** How long a new window is left to build the browser's own UI before a measured page is asked for (openPage). */
const WINDOW_SETTLE_MS = 1500;
/** BENCH_FRESH_WINDOW=1: ask for the page the moment its window opens, as the benchmarks did until 2026-11-26. */
export const FRESH_WINDOW = process.env.BENCH_FRESH_WINDOW === '1';

/**
 * A new page in `context`, ready for a cold start to be measured. A new window of headless Chromium (156) builds
 * its own omnibox popup at that moment: a WebUI renderer spends 0.4-0.75 s of CPU on it, on the same two cores as
 * the page and the server, which added ~0.15-0.2 s to every cold start measured (a Chromium trace shows it as the
 * "WebUI Top Renderer" process). A user's browser did that when it started, not when they open our address, so the
 * window is left to settle first; its HTTP cache stays empty.
 */
export async function openPage(context) {
  const page = await context.newPage();
  if (!FRESH_WINDOW) await page.waitForTimeout(WINDOW_SETTLE_MS);
  return page;
}

/** Signs in through the login page once; later contexts start from the returned cookies and stored login state. */
export async function signedInState(browser, base, userid = 'demo.admin', password = 'ControlDesk#2026') {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('User ID', { exact: true }).fill(userid);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByTestId('greeting').waitFor({ state: 'visible', timeout: 30_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * An init script: records in window.__seen[name] the time (ms since navigation start) at which an element matching
 * `selector` is first on screen: the animation frame after it enters the page, which is when the browser paints it
 * (a long task that added it delays that frame too). Use with context.addInitScript(recordFirst, { name, selector }).
 */
export function recordFirst({ name, selector }) {
  window.__seen ??= {};
  let found = false;
  const check = () => {
    if (!found && document.querySelector(selector)) {
      found = true;
      requestAnimationFrame(() => {
        window.__seen[name] = performance.now();
      });
      return true;
    }
    return false;
  };
  new MutationObserver((_records, observer) => {
    if (check()) observer.disconnect();
  }).observe(document, { childList: true, subtree: true, attributes: true });
}

/** The moment recorded by recordFirst, once it is there. */
export async function seenAt(page, name, timeout = 30_000) {
  await page.waitForFunction((n) => window.__seen?.[n] !== undefined, name, { timeout });
  return page.evaluate((n) => window.__seen[n], name);
}

/** What the page fetched and when each answer ended (ms since navigation start), for a waterfall. */
export function resourceTimings(page) {
  return page.evaluate(() =>
    performance.getEntriesByType('resource').map((e) => ({
      name: new URL(e.name).pathname,
      start: e.startTime,
      end: e.responseEnd,
    })),
  );
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** An init script: records in window.__clickAt the time of the page's first click (ms since navigation start). */
export function recordFirstClick() {
  window.addEventListener(
    'click',
    () => {
      window.__clickAt ??= performance.now();
    },
    true,
  );
}
