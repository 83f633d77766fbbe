import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emptyBody, vendorProfileAnswer } from '@cd/core';
import type { Db } from '../../db/client.js';
import { loadSiteTree } from './site-tree.js';

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
      return {
        result: 'success' as const,
        userid: user.userid,
        name: user.name,
        client_list: tree.clientList,
        loc2fc2rest_details_map: tree.map,
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
