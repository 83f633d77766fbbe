import fs from 'node:fs';
import path from 'node:path';

type Preloads = { base: string[]; pages: Record<string, string[]> };

/**
 * The HTML of a signed-in page start (issue 11 point 5): index.html with a <link rel="modulepreload"> for each
 * chunk the start loads — the signed-in app, the shell, the strings and the page's own module
 * (`page-preloads.json`, written by the web build) — so the browser fetches them side by side while the entry
 * runs, instead of one layer after another. Requests without a session get index.html as it is: the sign-in
 * screens load nothing more. Answers null when the build has no preload map.
 */
export function pagePreloader(webDist: string) {
  const mapFile = path.join(webDist, 'page-preloads.json');
  const htmlFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(mapFile) || !fs.existsSync(htmlFile)) return null;
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as Preloads;
  const html = fs.readFileSync(htmlFile, 'utf8');
  const cache = new Map<string, string>();
  const links = (files: string[]) => files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
  return (pathname: string): string => {
    const key = Object.hasOwn(map.pages, pathname) ? pathname : '';
    let page = cache.get(key);
    if (page === undefined) {
      page = html.replace('</head>', `${links([...map.base, ...(map.pages[key] ?? [])])}</head>`);
      cache.set(key, page);
    }
    return page;
  };
}
