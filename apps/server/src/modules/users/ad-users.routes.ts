import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adUserBody } from '@cd/core';
import type { UsersService } from './users.service.js';
import { toUserView } from './users.view.js';
import { notFound } from '../../lib/errors.js';

const page = { page: 'ad-user-management' } as const;
const noSites = { locations: [], foodcourts: [], restaurants: [] };

/**
 * AD / SSO user management (/ad-user-management): corporate accounts that sign in by single sign-on only.
 * Their pages and sites are given on Create/Edit User.
 */
export async function adUsersRoutes(fastify: FastifyInstance, { service }: { service: UsersService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['ad users'];

  app.get(
    '/ad_users',
    {
      config: { permission: page },
      schema: { tags, summary: 'List SSO users', querystring: z.object({ search: z.string().max(100).optional() }) },
    },
    async (request) => {
      const { users } = await service.list(
        { search: request.query.search, login_type: 'sso', page: 1, page_size: 200 },
        request.user!,
      );
      return { result: 'success' as const, users };
    },
  );

  app.post(
    '/ad_users',
    { config: { permission: page }, schema: { tags, summary: 'Add an SSO user', body: adUserBody } },
    async (request) => {
      const b = request.body;
      const user = await service.create(
        {
          userid: b.userid,
          name: b.name,
          email: b.userid,
          phone: null,
          password: null,
          login_types: ['sso'],
          only_sso_login: true,
          mfa_enabled: false,
          admin: false,
          status: b.status,
          pagepermissionaccess: [],
          permissions: [],
          read_only_access: [],
          sites: noSites,
        },
        { user: request.user!, ip: request.ip },
      );
      return { result: 'success' as const, message: 'SSO user added', user: toUserView(user) };
    },
  );

  app.put(
    '/ad_users/:userid',
    {
      config: { permission: page },
      schema: {
        tags,
        summary: 'Rename or (de)activate an SSO user',
        params: z.object({ userid: z.string().min(1).max(254) }),
        body: adUserBody.omit({ userid: true }).extend({ version: z.number().int().positive() }),
      },
    },
    async (request) => {
      const current = await service.get(request.params.userid, request.user!);
      if (!current.login_types.includes('sso')) throw notFound('userNotFound', `${current.userid} is not an SSO user`);
      const user = await service.update(
        current.userid,
        {
          ...current,
          name: request.body.name,
          status: request.body.status,
          version: request.body.version,
        },
        { user: request.user!, ip: request.ip },
      );
      return { result: 'success' as const, message: 'SSO user updated', user: toUserView(user) };
    },
  );
}
