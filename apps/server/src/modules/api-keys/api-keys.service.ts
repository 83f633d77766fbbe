import crypto from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { API_KEY_PREFIX, type API_KEY_SORT, type ApiKeyView, type apiKeyBody, type apiKeyListQuery } from '@cd/core';
import type { Db } from '../../db/client.js';
import { apiKeys, foodcourts, type ApiKeyRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import {
  listOrder,
  listRange,
  listSearch,
  text,
  withRange,
  type ListPage,
  type ListSpec,
} from '../../lib/list-query.js';

/** The caller of an ingest route, once its key is checked. */
export type ApiClient = { id: number; api_client: string; foodcourts: string[] };

/** Keys are 256 random bits: SHA-256 is enough to keep them unreadable (no salt or slow hash needed). */
export const hashApiKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

/** `last_used_at` is written at most this often per key (not on every order). */
const TOUCH_EVERY_MS = 60_000;
/**
 * A checked key is believed this long without asking the database again (an ordering app sends many orders a
 * second). A revocation takes effect at once in the process that made it and within this time in the others.
 */
export const KEY_CACHE_MS = 10_000;

const API_KEY_LIST: ListSpec<(typeof API_KEY_SORT)[number]> = {
  sortable: {
    api_client: text(apiKeys.api_client),
    created_at: apiKeys.created_at,
    last_used_at: apiKeys.last_used_at,
  },
  defaultSort: [text(apiKeys.api_client)],
  key: apiKeys.id,
  search: [apiKeys.api_client, apiKeys.prefix],
};

export function toApiKeyView(r: ApiKeyRow): ApiKeyView {
  return {
    id: r.id,
    api_client: r.api_client,
    prefix: r.prefix,
    foodcourts: r.foodcourts,
    status: r.revoked_at ? 'revoked' : 'active',
    created_by: r.created_by,
    created_at: r.created_at.toISOString(),
    last_used_at: r.last_used_at?.toISOString() ?? null,
    revoked_by: r.revoked_by,
    revoked_at: r.revoked_at?.toISOString() ?? null,
  };
}

/** API keys of the ordering apps (issue 13 point 2): created and revoked by administrators, audited. */
export class ApiKeysService {
  private readonly touched = new Map<number, number>();
  private readonly checked = new Map<string, { client: ApiClient; at: number }>();

  constructor(private readonly db: Db) {}

  async list(query: z.output<typeof apiKeyListQuery>): Promise<ListPage<ApiKeyView>> {
    const where: (SQL | undefined)[] = [listSearch(API_KEY_LIST, query.search)];
    if (query.status === 'active') where.push(isNull(apiKeys.revoked_at));
    if (query.status === 'revoked') where.push(isNotNull(apiKeys.revoked_at));
    const cond = and(...where);
    const [rows, [count]] = await Promise.all([
      withRange(
        this.db
          .select()
          .from(apiKeys)
          .where(cond)
          .orderBy(...listOrder(API_KEY_LIST, query))
          .$dynamic(),
        listRange(query),
      ),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(apiKeys)
        .where(cond),
    ]);
    return { rows: rows.map(toApiKeyView), total: count?.n ?? 0 };
  }

  /** A new key: the answer holds the key itself, which is never shown again. */
  async create(body: z.output<typeof apiKeyBody>, actor: Actor): Promise<{ view: ApiKeyView; key: string }> {
    const scope = [...new Set(body.foodcourts)];
    if (scope.length > 0) {
      const found = await this.db
        .select({ foodcourt: foodcourts.foodcourt })
        .from(foodcourts)
        .where(inArray(foodcourts.foodcourt, scope));
      const known = new Set(found.map((f) => f.foodcourt));
      const i = body.foodcourts.findIndex((f) => !known.has(f));
      if (i >= 0)
        throw badRequest('invalidRequest', `foodcourts.${i}: food court ${body.foodcourts[i]} does not exist`, {
          field: `foodcourts.${i}`,
        });
    }
    const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(apiKeys)
        .values({
          api_client: body.api_client,
          prefix: key.slice(0, API_KEY_PREFIX.length + 6),
          key_hash: hashApiKey(key),
          foodcourts: scope,
          created_by: actor.user.userid,
        })
        .returning();
      const view = toApiKeyView(row!);
      await audit(tx, {
        actor: actor.user.userid,
        action: 'create',
        entity: 'api_key',
        entityId: String(row!.id),
        after: view,
        ip: actor.ip,
      });
      return { view, key };
    });
  }

  /** Revokes a key at once; revoking a revoked key changes nothing. */
  async revoke(id: number, actor: Actor): Promise<ApiKeyView> {
    for (const [hash, entry] of this.checked) if (entry.client.id === id) this.checked.delete(hash);
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
      if (!before) throw notFound('apiKeyNotFound', `API key ${id} does not exist`);
      if (before.revoked_at) return toApiKeyView(before);
      const [row] = await tx
        .update(apiKeys)
        .set({ revoked_at: new Date(), revoked_by: actor.user.userid })
        .where(eq(apiKeys.id, id))
        .returning();
      const view = toApiKeyView(row!);
      await audit(tx, {
        actor: actor.user.userid,
        action: 'revoke',
        entity: 'api_key',
        entityId: String(id),
        before: toApiKeyView(before),
        after: view,
        ip: actor.ip,
      });
      return view;
    });
  }

  /** The active key with this value, or null. */
  async authenticate(key: string): Promise<ApiClient | null> {
    if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
    const hash = hashApiKey(key);
    const now = Date.now();
    const cached = this.checked.get(hash);
    if (cached && now - cached.at < KEY_CACHE_MS) return cached.client;
    const [row] = await this.db
      .select({ id: apiKeys.id, api_client: apiKeys.api_client, foodcourts: apiKeys.foodcourts })
      .from(apiKeys)
      .where(and(eq(apiKeys.key_hash, hash), isNull(apiKeys.revoked_at)));
    if (!row) {
      this.checked.delete(hash);
      return null;
    }
    // Bounded: keys are few; a flood of made-up keys never reaches here (they match no row).
    if (this.checked.size >= 1000) this.checked.clear();
    this.checked.set(hash, { client: row, at: now });
    if (now - (this.touched.get(row.id) ?? 0) > TOUCH_EVERY_MS) {
      this.touched.set(row.id, now);
      await this.db
        .update(apiKeys)
        .set({ last_used_at: new Date(now) })
        .where(eq(apiKeys.id, row.id));
    }
    return row;
  }
}
