import crypto from 'node:crypto';
import { and, eq, gt, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { API_KEY_PREFIX, type API_KEY_SORT, type ApiKeyView, type apiKeyBody, type apiKeyListQuery } from '@cd/core';
import type { Db, DbOrTx } from '../../db/client.js';
import { apiKeys, apiKeyUsage, foodcourts, type ApiKeyRow } from '../../db/schema/index.js';
import type { Actor } from '../../lib/actor.js';
import { audit } from '../../lib/audit.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
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

/** `last_used_at` and the key's call counts are written at most this often per key (not on every order). */
export const TOUCH_EVERY_MS = 60_000;
const HOUR_MS = 3_600_000;
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

/** A key is refused once revoked or once the grace period of its rotation has ended. */
const acceptedNow = () =>
  and(isNull(apiKeys.revoked_at), or(isNull(apiKeys.expires_at), gt(apiKeys.expires_at, sql`now()`)));

export function toApiKeyView(
  r: ApiKeyRow,
  extra: { names?: ReadonlyMap<string, string>; calls?: number; now?: number } = {},
): ApiKeyView {
  const now = extra.now ?? Date.now();
  const expired = r.expires_at !== null && r.expires_at.getTime() <= now;
  return {
    id: r.id,
    api_client: r.api_client,
    prefix: r.prefix,
    foodcourts: r.foodcourts,
    foodcourt_names: r.foodcourts.map((f) => extra.names?.get(f) ?? f),
    status: r.revoked_at || expired ? 'revoked' : r.expires_at ? 'expiring' : 'active',
    created_by: r.created_by,
    created_at: r.created_at.toISOString(),
    last_used_at: r.last_used_at?.toISOString() ?? null,
    calls_24h: extra.calls ?? 0,
    revoked_by: r.revoked_by,
    revoked_at: r.revoked_at?.toISOString() ?? null,
    expires_at: r.expires_at?.toISOString() ?? null,
    replaced_by: r.replaced_by,
  };
}

/** The audit's picture of a key: what it is, not how much it was used. */
const audited = (r: ApiKeyRow) => {
  const { calls_24h: _calls, foodcourt_names: _names, ...rest } = toApiKeyView(r);
  return rest;
};

/** API keys of the ordering apps (issue 13 point 2): created and revoked by administrators, audited. */
/** Hours of calls older than two days: the list shows the last 24 hours (run by the sign-in sweep in main.ts). */
export async function pruneApiKeyUsage(db: DbOrTx): Promise<void> {
  await db.delete(apiKeyUsage).where(sql`${apiKeyUsage.hour} < now() - interval '48 hours'`);
}

export class ApiKeysService {
  private readonly touched = new Map<number, number>();
  private readonly checked = new Map<string, { client: ApiClient; at: number; expiresAt: number | null }>();
  /** Calls counted in memory and not yet written: key id → hour (ms) → calls. */
  private readonly pending = new Map<number, Map<number, number>>();

  constructor(private readonly db: Db) {}

  /** Names of food courts, by id (a key's scope is shown by name). */
  private async foodcourtNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ foodcourt: foodcourts.foodcourt, name: foodcourts.name })
      .from(foodcourts)
      .where(inArray(foodcourts.foodcourt, [...new Set(ids)]));
    return new Map(rows.map((r) => [r.foodcourt, r.name]));
  }

  /** Views of rows with their scope's names and their calls of the last 24 hours (the hour now and the 23 before). */
  private async views(rows: ApiKeyRow[]): Promise<ApiKeyView[]> {
    if (rows.length === 0) return [];
    const since = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 23 * HOUR_MS);
    const [names, usage] = await Promise.all([
      this.foodcourtNames(rows.flatMap((r) => r.foodcourts)),
      this.db
        .select({ id: apiKeyUsage.api_key_id, calls: sql<number>`sum(${apiKeyUsage.calls})::int` })
        .from(apiKeyUsage)
        .where(
          and(
            inArray(
              apiKeyUsage.api_key_id,
              rows.map((r) => r.id),
            ),
            gte(apiKeyUsage.hour, since),
          ),
        )
        .groupBy(apiKeyUsage.api_key_id),
    ]);
    const calls = new Map(usage.map((u) => [u.id, u.calls]));
    return rows.map((r) => toApiKeyView(r, { names, calls: calls.get(r.id) ?? 0 }));
  }

  async list(query: z.output<typeof apiKeyListQuery>): Promise<ListPage<ApiKeyView>> {
    // This process's calls not yet written are written first, so its own list is exact.
    await this.flushUsage();
    const where: (SQL | undefined)[] = [listSearch(API_KEY_LIST, query.search)];
    if (query.status === 'active') where.push(acceptedNow());
    if (query.status === 'revoked') where.push(or(isNotNull(apiKeys.revoked_at), lte(apiKeys.expires_at, sql`now()`)));
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
    return { rows: await this.views(rows), total: count?.n ?? 0 };
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
    const names = await this.foodcourtNames(scope);
    return this.db.transaction(async (tx) => {
      const { row, key } = await this.issue(tx, body.api_client, scope, actor);
      return { view: toApiKeyView(row, { names }), key };
    });
  }

  /** Inserts a new key (audited as created) and returns it with the key itself. */
  private async issue(tx: DbOrTx, apiClient: string, scope: string[], actor: Actor) {
    const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
    const [row] = await tx
      .insert(apiKeys)
      .values({
        api_client: apiClient,
        prefix: key.slice(0, API_KEY_PREFIX.length + 6),
        key_hash: hashApiKey(key),
        foodcourts: scope,
        created_by: actor.user.userid,
      })
      .returning();
    await audit(tx, {
      actor: actor.user.userid,
      action: 'create',
      entity: 'api_key',
      entityId: String(row!.id),
      after: audited(row!),
      ip: actor.ip,
    });
    return { row: row!, key };
  }

  private forget(id: number) {
    for (const [hash, entry] of this.checked) if (entry.client.id === id) this.checked.delete(hash);
  }

  /**
   * Issues a new key for the same app and food courts; the old one is accepted for `graceSeconds` more (0: revoked
   * at once), then refused. Only an accepted key that has not been rotated yet can be rotated (409 otherwise).
   */
  async rotate(
    id: number,
    graceSeconds: number,
    actor: Actor,
  ): Promise<{ view: ApiKeyView; key: string; replaced: ApiKeyView }> {
    const result = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
      if (!before) throw notFound('apiKeyNotFound', `API key ${id} does not exist`);
      if (toApiKeyView(before).status !== 'active')
        throw new AppError(
          409,
          'apiKeyNotActive',
          before.replaced_by
            ? `API key ${before.prefix}… was rotated already: rotate its new key instead`
            : `API key ${before.prefix}… is revoked and cannot be rotated`,
        );
      const { row, key } = await this.issue(tx, before.api_client, before.foodcourts, actor);
      const now = new Date();
      const [old] = await tx
        .update(apiKeys)
        .set(
          graceSeconds === 0
            ? { revoked_at: now, revoked_by: actor.user.userid, replaced_by: row.id }
            : { expires_at: new Date(now.getTime() + graceSeconds * 1000), replaced_by: row.id },
        )
        .where(eq(apiKeys.id, id))
        .returning();
      await audit(tx, {
        actor: actor.user.userid,
        action: 'rotate',
        entity: 'api_key',
        entityId: String(id),
        before: audited(before),
        after: { ...audited(old!), grace_seconds: graceSeconds },
        ip: actor.ip,
      });
      return { row, key, old: old! };
    });
    this.forget(id);
    const [view, replaced] = await this.views([result.row, result.old]);
    return { view: view!, key: result.key, replaced: replaced! };
  }

  /** Revokes a key at once; revoking a revoked key changes nothing. */
  async revoke(id: number, actor: Actor): Promise<ApiKeyView> {
    this.forget(id);
    await this.flushUsage();
    const row = await this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(apiKeys).where(eq(apiKeys.id, id)).for('update');
      if (!before) throw notFound('apiKeyNotFound', `API key ${id} does not exist`);
      if (before.revoked_at) return before;
      const [after] = await tx
        .update(apiKeys)
        .set({ revoked_at: new Date(), revoked_by: actor.user.userid })
        .where(eq(apiKeys.id, id))
        .returning();
      await audit(tx, {
        actor: actor.user.userid,
        action: 'revoke',
        entity: 'api_key',
        entityId: String(id),
        before: audited(before),
        after: audited(after!),
        ip: actor.ip,
      });
      return after!;
    });
    const [view] = await this.views([row]);
    return view!;
  }

  /** Counts a call in memory (no database work). */
  private count(id: number, now: number) {
    const hour = Math.floor(now / HOUR_MS) * HOUR_MS;
    let hours = this.pending.get(id);
    if (!hours) this.pending.set(id, (hours = new Map()));
    hours.set(hour, (hours.get(hour) ?? 0) + 1);
  }

  /**
   * Writes one key's counted calls and its last-used stamp in one statement (one round trip), taking them out of
   * memory first so calls made meanwhile are counted for the next write.
   */
  private async flushKey(id: number, lastUsed: Date | null) {
    const hours = this.pending.get(id);
    this.pending.delete(id);
    const entries = [...(hours ?? [])];
    if (entries.length === 0 && !lastUsed) return;
    const values = entries.length
      ? sql.join(
          entries.map(
            ([hour, calls]) => sql`(${id}::int, ${new Date(hour).toISOString()}::timestamptz, ${calls}::int)`,
          ),
          sql`, `,
        )
      : null;
    const touch = lastUsed
      ? sql`update api_keys set last_used_at = greatest(last_used_at, ${lastUsed.toISOString()}::timestamptz) where id = ${id}`
      : null;
    const add = values
      ? sql`insert into api_key_usage (api_key_id, hour, calls) values ${values}
          on conflict (api_key_id, hour) do update set calls = api_key_usage.calls + excluded.calls`
      : null;
    try {
      if (touch && add) await this.db.execute(sql`with t as (${touch} returning id) ${add}`);
      else await this.db.execute((touch ?? add)!);
    } catch (error) {
      // Put the counts back: the next write carries them (a key deleted meanwhile just loses them).
      for (const [hour, calls] of entries) this.addPending(id, hour, calls);
      throw error;
    }
  }

  private addPending(id: number, hour: number, calls: number) {
    let hours = this.pending.get(id);
    if (!hours) this.pending.set(id, (hours = new Map()));
    hours.set(hour, (hours.get(hour) ?? 0) + calls);
  }

  /** Writes every key's counted calls (before a list, on a timer, at shutdown). */
  async flushUsage() {
    for (const id of [...this.pending.keys()]) await this.flushKey(id, null);
  }

  /** The active key with this value, or null. */
  async authenticate(key: string): Promise<ApiClient | null> {
    if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
    const hash = hashApiKey(key);
    const now = Date.now();
    const cached = this.checked.get(hash);
    let client: ApiClient;
    if (cached && now - cached.at < KEY_CACHE_MS && (cached.expiresAt === null || cached.expiresAt > now)) {
      client = cached.client;
    } else {
      const [row] = await this.db
        .select({
          id: apiKeys.id,
          api_client: apiKeys.api_client,
          foodcourts: apiKeys.foodcourts,
          expires_at: apiKeys.expires_at,
        })
        .from(apiKeys)
        .where(and(eq(apiKeys.key_hash, hash), acceptedNow()));
      if (!row) {
        this.checked.delete(hash);
        return null;
      }
      client = { id: row.id, api_client: row.api_client, foodcourts: row.foodcourts };
      // Bounded: keys are few; a flood of made-up keys never reaches here (they match no row).
      if (this.checked.size >= 1000) this.checked.clear();
      this.checked.set(hash, { client, at: now, expiresAt: row.expires_at?.getTime() ?? null });
    }
    this.count(client.id, now);
    if (now - (this.touched.get(client.id) ?? 0) > TOUCH_EVERY_MS) {
      this.touched.set(client.id, now);
      await this.flushKey(client.id, new Date(now));
    }
    return client;
  }
}
