import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adUserBody, adUserListQuery, userListAnswer, userSavedAnswer, versionNumber } from '@cd/core';
import { actorOf } from '../../lib/actor.js';
import { notFound } from '../../lib/errors.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { adUserExport } from './user-exports.js';
import type { UsersService } from './users.service.js';
import { toUserView } from './users.view.js';

const page = needsPage('ad-user-management');
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
      config: page,
      schema: {
        tags,
        operationId: 'listAdUsers',
        summary: 'List SSO users',
        description: 'Without page and page_size every SSO user the caller may manage.',
        querystring: adUserListQuery,
        response: { 200: userListAnswer },
      },
    },
    async (request) =>
      listAnswer('users', await service.list({ ...request.query, login_type: 'sso' }, request.user!), request.query),
  );
  fastify.listExports.add(fastify, adUserExport(service));

  app.post(
    '/ad_users',
    {
      config: { ...page, errors: [409] },
      schema: {
        tags,
        operationId: 'createAdUser',
        summary: 'Add an SSO user',
        body: adUserBody,
        response: { 200: userSavedAnswer },
      },
    },
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
        actorOf(request),
      );
      return { result: 'success' as const, message: 'SSO user added', user: toUserView(user) };
    },
  );

  app.put(
    '/ad_users/:userid',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateAdUser',
        summary: 'Rename or (de)activate an SSO user',
        params: z.object({ userid: z.string().min(1).max(254) }),
        body: adUserBody.omit({ userid: true }).extend({ version: versionNumber() }),
        response: { 200: userSavedAnswer },
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
        actorOf(request),
      );
      return { result: 'success' as const, message: 'SSO user updated', user: toUserView(user) };
    },
  );
}
