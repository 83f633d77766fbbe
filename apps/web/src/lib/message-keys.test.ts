import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ORDER_CHANNEL_LABELS,
  ORDER_TYPE_LABELS,
  PAYMENT_TENDER_LABELS,
  QR_TARGET_TYPE_LABELS,
  REPORT_KIND_LABELS,
} from '@cd/core';
import { describe, expect, it } from 'vitest';
import { DYNAMIC_KEY_VALUES } from './message-keys.values';

/**
 * Every message key the web app names exists in the English strings (issue 35: a key on screen is a raw word). The
 * strings are merged the way lib/i18n.ts merges them: locales/en.json plus every locales/en/<area>.json.
 *
 * Keys are found in the source (not the tests): t('…') and i18n.t('…') (every string literal of the first
 * argument, so both sides of `t(cond ? 'a' : 'b')`), <Trans i18nKey="…">, i18n.exists('…'), any other string
 * literal that starts with one of the strings' top-level names and reads like a key (helpers taking keys, key
 * tables), and keys built from a prefix and a value (`reports.kinds.${kind}`): each of those must be listed in
 * message-keys.values.ts with the values it can take (from packages/core where the values live), or marked open.
 */

const here = dirname(fileURLToPath(import.meta.url));
const srcRoot = join(here, '..');
const localeRoot = join(srcRoot, 'locales');

type Tree = { [key: string]: string | Tree };

function merge(into: Tree, from: Tree): Tree {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    if (typeof value === 'object' && typeof existing === 'object') merge(existing, value);
    else into[key] = typeof value === 'object' ? merge({}, value) : value;
  }
  return into;
}

function loadStrings(): Tree {
  const base = JSON.parse(readFileSync(join(localeRoot, 'en.json'), 'utf8')) as Tree;
  const merged = merge({}, base);
  for (const file of readdirSync(join(localeRoot, 'en'))
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    merge(merged, JSON.parse(readFileSync(join(localeRoot, 'en', file), 'utf8')) as Tree);
  }
  return merged;
}

function lookup(tree: Tree, key: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return node;
}

const PLURAL_SUFFIXES = ['_zero', '_one', '_two', '_few', '_many', '_other'];

/** A key exists when it names a string, or (i18next plurals) its `_one`/`_other` forms exist. */
function exists(tree: Tree, key: string): boolean {
  if (typeof lookup(tree, key) === 'string') return true;
  return (
    typeof lookup(tree, `${key}_other`) === 'string' &&
    PLURAL_SUFFIXES.some((s) => s !== '_other' && typeof lookup(tree, key + s) === 'string')
  );
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'test' && entry.name !== 'locales') out.push(...sourceFiles(path));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(path);
    }
  }
  return out;
}

/** The text of a call's first argument: from `start` (just after the opening parenthesis) to its first top-level comma or the closing parenthesis. */
function firstArgument(text: string, start: number): string {
  let depth = 0;
  let quote: string | undefined;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return text.slice(start, i);
      depth--;
    } else if (c === ',' && depth === 0) return text.slice(start, i);
  }
  return text.slice(start);
}

type Use = { key: string; where: string };

const KEY_SHAPE = /^[A-Za-z][\w-]*(\.[\w-]+)+$/;
/** A template literal built of a key prefix, one or more `${…}` and maybe a suffix. */
const TEMPLATE = /`([A-Za-z][\w.-]*\$\{[^`]*)`/g;

function templatePattern(template: string): string {
  return template.replace(/\$\{[^}]*\}/g, '*');
}

function scan(tree: Tree) {
  const roots = new Set(Object.keys(tree));
  const staticUses: Use[] = [];
  const dynamicUses: Use[] = [];
  for (const file of sourceFiles(srcRoot)) {
    const text = readFileSync(file, 'utf8');
    const rel = relative(srcRoot, file);
    const lineOf = (index: number) => text.slice(0, index).split('\n').length;
    // 1. Calls that take a key: t(…), i18n.t(…), i18n.exists(…).
    for (const call of text.matchAll(/(?<![\w$.])(?:t|i18n\.t|i18n\.exists)\(/g)) {
      const argStart = call.index + call[0].length;
      const arg = firstArgument(text, argStart);
      const where = `${rel}:${lineOf(call.index)}`;
      for (const literal of arg.matchAll(/'([^'\\\n]*)'|"([^"\\\n]*)"|`([^`\\]*)`/g)) {
        const value = literal[1] ?? literal[2] ?? literal[3];
        if (value === undefined) continue;
        if (value.includes('${')) {
          if (/^[A-Za-z]/.test(value)) dynamicUses.push({ key: templatePattern(value), where });
        } else if (KEY_SHAPE.test(value)) staticUses.push({ key: value, where });
      }
    }
    // 2. <Trans i18nKey="…"> and i18nKey={'…'}.
    for (const m of text.matchAll(/i18nKey=\{?\s*['"]([^'"]+)['"]/g)) {
      if (m[1]) staticUses.push({ key: m[1], where: `${rel}:${lineOf(m.index)}` });
    }
    // 3. Any other literal that reads like a key of the strings (key tables, helpers taking keys).
    for (const m of text.matchAll(/'([A-Za-z][\w-]*(?:\.[\w-]+)+)'|"([A-Za-z][\w-]*(?:\.[\w-]+)+)"/g)) {
      const value = m[1] ?? m[2];
      if (value && roots.has(value.split('.')[0] ?? ''))
        staticUses.push({ key: value, where: `${rel}:${lineOf(m.index)}` });
    }
    for (const m of text.matchAll(TEMPLATE)) {
      const value = m[1] ?? '';
      if (roots.has(value.split('.')[0] ?? ''))
        dynamicUses.push({ key: templatePattern(value), where: `${rel}:${lineOf(m.index)}` });
    }
  }
  return { staticUses, dynamicUses };
}

const strings = loadStrings();
const { staticUses, dynamicUses } = scan(strings);

/** Literals shaped like keys that are not message keys: file names, theme colours. */
const NOT_KEYS = /\.(xlsx|csv|pdf|json|png|jpe?g|zip)$|^common\.(white|black)$/;

/** A key that is a namespace (an object of strings) is used as a prefix (`keyPrefix`, `returnObjects`), not a string. */
function missing(uses: Use[]): string[] {
  const out = new Set<string>();
  for (const use of uses) {
    if (NOT_KEYS.test(use.key)) continue;
    if (exists(strings, use.key)) continue;
    if (typeof lookup(strings, use.key) === 'object') continue;
    out.add(`${use.key} (${use.where})`);
  }
  return [...out].sort();
}

describe('message keys (issue 35)', () => {
  it('finds the keys the app uses', () => {
    expect(staticUses.length).toBeGreaterThan(1000);
    expect(dynamicUses.length).toBeGreaterThan(100);
  });

  it('has a string for every key the app names', () => {
    expect(missing(staticUses)).toEqual([]);
  });

  it('knows the values of every key built from a prefix and a value', () => {
    const patterns = new Set(dynamicUses.map((u) => u.key));
    const unknown = [...patterns].filter((p) => !(p in DYNAMIC_KEY_VALUES)).sort();
    expect(unknown).toEqual([]);
  });

  it('has a string for every value of a key built from a prefix and a value', () => {
    const out: string[] = [];
    for (const [pattern, values] of Object.entries(DYNAMIC_KEY_VALUES)) {
      if (values === 'open') {
        // The values are open (names from the server, with a default value): at least the prefix is a namespace.
        const prefix = pattern.slice(0, pattern.indexOf('*')).replace(/\.$/, '');
        if (typeof lookup(strings, prefix) !== 'object') out.push(`${pattern}: no "${prefix}" strings`);
        continue;
      }
      for (const combination of values) {
        const parts = Array.isArray(combination) ? combination : [combination];
        let i = 0;
        const key = pattern.replace(/\*/g, () => String(parts[i++]));
        if (!exists(strings, key)) out.push(key);
      }
    }
    expect(out.sort()).toEqual([]);
  });

  it('counts with plural forms: no "1 members"', () => {
    const out: string[] = [];
    const walk = (node: Tree, path: string) => {
      for (const [key, value] of Object.entries(node)) {
        const here = path ? `${path}.${key}` : key;
        if (typeof value === 'object') walk(value, here);
        else if (/\{\{count\}\} [a-z]+s\b/.test(value) && !/_(zero|one|two|few|many|other)$/.test(key)) out.push(here);
      }
    };
    walk(strings, '');
    expect(out).toEqual([]);
  });

  it("names codes as the server's files and texts do (reports, SAP lines, QR sheets)", () => {
    const same = (prefix: string, labels: Record<string, string>) =>
      expect(lookup(strings, prefix), prefix).toMatchObject(labels);
    same('orders.channel', ORDER_CHANNEL_LABELS);
    same('reports.channel', ORDER_CHANNEL_LABELS);
    same('sap.channel', ORDER_CHANNEL_LABELS);
    same('orders.type', ORDER_TYPE_LABELS);
    same('orders.tender', PAYMENT_TENDER_LABELS);
    same('qrCodes.type', QR_TARGET_TYPE_LABELS);
    same('reports.kinds', REPORT_KIND_LABELS);
  });
});
