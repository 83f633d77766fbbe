import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { asc, inArray } from 'drizzle-orm';
import { clientBrandingSchema, emptyBody, vendorProfileAnswer, type ClientBranding } from '@cd/core';
import type { Db } from '../../db/client.js';
import { clients } from '../../db/schema/index.js';
import { loadSiteTree } from './site-tree.js';

/** A client's branding from its settings; a malformed one counts as none (the platform's own). */
function brandingOf(settings: Record<string, unknown>): ClientBranding {
  const parsed = clientBrandingSchema.safeParse(settings.branding ?? {});
  return parsed.success ? parsed.data : clientBrandingSchema.parse({});
}

/** The profile call of spec 000 §3/§7. Issue 3 adds the grant rules of §6 on top of these fields. */
export async function profileRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/vendor/details',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags: ['profile'],
        operationId: 'getVendorDetails',
        summary: "The signed-in user's profile, sites and permissions",
        body: emptyBody,
        response: { 200: vendorProfileAnswer },
      },
    },
    async (request) => {
      const user = request.user!;
      const tree = await loadSiteTree(db, user);
      const rows = tree.clientList.length
        ? await db.select().from(clients).where(inArray(clients.client, tree.clientList)).orderBy(asc(clients.client))
        : [];
      return {
        result: 'success' as const,
        userid: user.userid,
        name: user.name,
        client_list: tree.clientList,
        loc2fc2rest_details_map: tree.map,
        permittedClients: rows.map((c) => ({
          client: c.client,
          name: c.name,
          branding: brandingOf(c.settings),
        })),
        vendorextras: {
          permissions: user.permissions,
          pagepermissionaccess: user.pagepermissionaccess,
          admin: user.admin,
          controldesk_feedback: [],
          imdaccess: false,
          login_types: user.login_types,
          only_sso_login: user.only_sso_login,
          status: user.status,
          read_only_access: user.read_only_access,
        },
      };
    },
  );
}
