import fc from 'fast-check';

/**
 * Requests for every operation of the API description, with another client's ids in every path, query and body
 * field that can hold one (issue 32's isolation test). Field names say what an id is (restaurant, foodcourt,
 * program_id, …); a bare `id` in a path takes the ids of the table its path names. Other fields get a value their
 * schema accepts, so the request reaches the route's code.
 */

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
};
type Parameter = { in: 'query' | 'path' | 'header'; name: string; schema?: Schema; required?: boolean };
export type Operation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
export type Op = { method: string; path: string; op: Operation };

/** The other client's ids, by kind, and the numeric ids (with versions) of its rows, by table. */
export type Victims = {
  strings: Record<StringKind, string[]>;
  ids: Map<string, { id: number; version?: number }[]>;
};
export type StringKind =
  | 'restaurant'
  | 'restid'
  | 'foodcourt'
  | 'location'
  | 'client'
  | 'foodid'
  | 'submenuid'
  | 'slug'
  | 'customer_ref'
  | 'order_number'
  | 'code';

export type Built = { method: string; url: string; headers: Record<string, string>; payload?: string | Buffer };

const KINDS: [RegExp, StringKind][] = [
  [/^restid$/, 'restid'],
  [/restaurant|^rest_?id$|^restaurantid$|^source$|^target/, 'restaurant'],
  [/foodcourt|^fc(_id)?$/, 'foodcourt'],
  [/location|^organi[sz]ation/, 'location'],
  [/client/, 'client'],
  [/food_?id|^item(_id)?s?$|fooditem/, 'foodid'],
  [/submenu/, 'submenuid'],
  [/slug/, 'slug'],
  [/customer/, 'customer_ref'],
  [/order_?number|order_no/, 'order_number'],
  [/code$/, 'code'],
];
const stringKind = (name: string): StringKind | null => KINDS.find(([re]) => re.test(name.toLowerCase()))?.[1] ?? null;

/** Tables an integer field names: `program_id` → loyalty_programs; a path's `{id}` → the segment before it. */
function tablesFor(word: string, tables: string[]): string[] {
  const w = word.toLowerCase().replace(/-/g, '_');
  const forms = [w, `${w}s`, w.replace(/s$/, ''), w.replace(/ies$/, 'y')];
  return tables.filter((t) => forms.some((f) => f && (t === f || t.endsWith(`_${f}`) || t.startsWith(`${f}_`))));
}

const typeOf = (s: Schema) => (Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type);

function fits(value: string, s: Schema): boolean {
  if (s.enum && !s.enum.includes(value)) return false;
  if (s.maxLength !== undefined && value.length > s.maxLength) return false;
  if (s.minLength !== undefined && value.length < s.minLength) return false;
  if (s.pattern && !new RegExp(s.pattern, 'u').test(value)) return false;
  return true;
}

/**
 * A string the schema accepts: a date a week ago (inside the demo's orders) in even variants and in three days
 * (what bookings and changes need) in odd ones, else one matching its pattern.
 */
function plainString(s: Schema, seed: number, variant: number, name: string): string {
  const date = new Date(Date.now() + (variant % 2 === 0 ? -7 : 3) * 86_400_000).toISOString().slice(0, 10);
  if (s.pattern?.includes('T(?:') || s.format === 'date-time' || s.pattern?.includes('T\\d{2}'))
    return `${date}T10:00:00Z`;
  if (s.format === 'date' || s.pattern?.includes('\\d{4}-\\d{2}-\\d{2}$') || s.pattern?.includes('-02-29|'))
    return date;
  if (s.pattern === '^(0[1-9]|[12]\\d|3[01])-(0[1-9]|1[0-2])-\\d{4}$') return date.split('-').reverse().join('-');
  if (/link|url/.test(name) && fits('https://example.test/isolation', s)) return 'https://example.test/isolation';
  if (s.format === 'email' || s.pattern?.includes('@')) return 'isolation@example.test';
  if (s.format === 'uri') return 'https://example.test/isolation';
  const base = 'isolation';
  if (fits(base, s)) return base;
  if (s.pattern) {
    const [sample] = fc.sample(fc.stringMatching(new RegExp(s.pattern, 'u'), { size: 'xsmall' }), {
      seed,
      numRuns: 1,
    });
    if (sample !== undefined) return sample.slice(0, s.maxLength ?? sample.length);
  }
  return 'x'.repeat(Math.max(1, s.minLength ?? 1));
}

type Ctx = { victims: Victims; variant: number; tables: string[]; pathWord: string; seed: number; target?: string };

/** How many different values a field could take (the op gets that many variants, up to a cap). */
function candidates(name: string, s: Schema, c: Ctx): unknown[] {
  const t = typeOf(s);
  if (t === 'string' || (t === undefined && !s.anyOf && !s.oneOf)) {
    const kind = stringKind(name);
    if (!kind) return [];
    return c.victims.strings[kind].filter((v) => fits(v, s));
  }
  if (t === 'integer' || t === 'number') {
    if (name === 'version') return [];
    const word = name === 'id' ? c.pathWord : /^(.*?)_?ids?$/.exec(name)?.[1];
    if (!word) return [];
    const tables = tablesFor(word, c.tables);
    const pool = (tables.length ? tables : [...c.victims.ids.keys()]).flatMap((tb) => c.victims.ids.get(tb) ?? []);
    return pool.map((r) => r.id);
  }
  return [];
}

function valueFor(name: string, s: Schema, c: Ctx, depth: number): unknown {
  if (s.const !== undefined) return s.const;
  const branches = s.anyOf ?? s.oneOf;
  if (branches?.length) {
    const nonNull = branches.filter((b) => typeOf(b) !== 'null');
    return valueFor(name, nonNull[c.variant % Math.max(1, nonNull.length)] ?? branches[0]!, c, depth);
  }
  if (s.allOf?.length) return valueFor(name, s.allOf[0]!, c, depth);
  if (s.enum?.length) return s.enum[c.variant % s.enum.length];
  const options = candidates(name, s, c);
  if (options.length) return options[c.variant % options.length];
  switch (typeOf(s)) {
    case 'object': {
      if (depth > 4) return {};
      const out: Record<string, unknown> = {};
      for (const [k, p] of Object.entries(s.properties ?? {})) {
        if (k === 'sender') out[k] = 'web';
        else if (k === 'lang') out[k] = 'en';
        else if (k === 'version') out[k] = versionOf(c);
        else out[k] = valueFor(k, p, c, depth + 1);
      }
      return out;
    }
    case 'array': {
      const item = s.items ?? {};
      const n = Math.max(1, s.minItems ?? 1);
      return Array.from({ length: Math.min(n, s.maxItems ?? n) }, () => valueFor(name, item, c, depth + 1));
    }
    case 'integer':
    case 'number': {
      const min = s.minimum ?? 1;
      return Math.min(Math.max(min, 1), s.maximum ?? 1);
    }
    case 'boolean':
      return c.variant % 2 === 1;
    case 'string':
      return plainString(s, c.seed, c.variant, name);
    default:
      return s.default ?? null;
  }
}

/** The version of the row a path's id names, when known (so an update is not stopped by a stale version). */
function versionOf(c: Ctx): number {
  if (c.target === undefined) return 1;
  for (const rows of c.victims.ids.values()) {
    const row = rows.find((r) => String(r.id) === c.target);
    if (row?.version) return row.version;
  }
  return 1;
}

const scalar = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const MULTIPART = new Set([
  'uploadImages',
  'startBulkUpload',
  'startNutritionUpload',
  'importGroupMembers',
  'uploadDocumentFile',
  'matchFoodPictures',
]);

function multipart(fields: Record<string, string>) {
  const boundary = `----isolation${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** The requests of one operation: a few variants, each with other ids in its fields. */
export function requestsOf({ method, path, op }: Op, victims: Victims, tables: string[], maxVariants = 5): Built[] {
  const params = op.parameters ?? [];
  const words = path.split('/').filter((w) => w && !w.startsWith('{') && w !== 'v2' && w !== 'bck');
  const pathWord = words[words.length - 1] ?? '';
  const body = op.requestBody?.content?.['application/json']?.schema;
  const base: Ctx = { victims, variant: 0, tables, pathWord, seed: 32 };
  // As many variants as the field with the most candidates has (within the cap), at least one.
  let variants = 1;
  for (const p of params) variants = Math.max(variants, candidates(p.name, p.schema ?? {}, base).length);
  const visit = (name: string, s: Schema | undefined, depth: number) => {
    if (!s || depth > 4) return;
    variants = Math.max(variants, candidates(name, s, base).length);
    for (const [k, p] of Object.entries(s.properties ?? {})) visit(k, p, depth + 1);
    if (s.items) visit(name, s.items, depth + 1);
    for (const b of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) visit(name, b, depth + 1);
  };
  visit('', body, 0);
  if (MULTIPART.has(op.operationId)) variants = Math.max(variants, victims.strings.restaurant.length);
  variants = Math.min(variants, maxVariants);

  const out: Built[] = [];
  for (let variant = 0; variant < variants; variant++) {
    const c: Ctx = { ...base, variant, seed: 32 + variant };
    let url = path;
    const query: string[] = [];
    const headers: Record<string, string> = {};
    for (const p of params) {
      const v = scalar(valueFor(p.name, p.schema ?? {}, c, 0));
      if (p.in === 'path') {
        url = url.replace(`{${p.name}}`, encodeURIComponent(v));
        if (p.name === 'id') c.target = v;
      } else if (p.in === 'query') query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(v)}`);
      else if (p.in === 'header')
        headers[p.name] = p.name === 'idempotency-key' ? `iso-${op.operationId}-${variant}` : v;
    }
    if (query.length) url += `?${query.join('&')}`;
    const built: Built = { method: method.toUpperCase(), url, headers };
    if (MULTIPART.has(op.operationId)) {
      const restaurant = victims.strings.restaurant[variant % victims.strings.restaurant.length] ?? '';
      const m = multipart({
        restaurant,
        foodcourt: victims.strings.foodcourt[0] ?? '',
        action: 'menu_item',
        value: restaurant,
      });
      built.payload = m.payload;
      built.headers['content-type'] = m.type;
    } else if (body) {
      built.payload = JSON.stringify(valueFor('', body, c, 0));
      built.headers['content-type'] = 'application/json';
    }
    out.push(built);
  }
  return out;
}
