import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createUserBody, listUsersQuery, setPasswordBody, updateUserBody } from '@cd/core';
import type { UsersService } from './users.service.js';
import { toUserView } from './users.view.js';

const useridParam = z.object({ userid: z.string().min(1).max(254) });
const page = { page: 'vendor' } as const;

/** Create/Edit User (/vendor, permission `vendor`). */
export async function usersRoutes(fastify: FastifyInstance, { service }: { service: UsersService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.get(
    '/vendor/users',
    {
      config: { permission: page },
      schema: { tags, summary: 'List users the caller may manage', querystring: listUsersQuery },
    },
    async (request) => {
      const { users, total } = await service.list(request.query, request.user!);
      return { result: 'success' as const, users, total, page: request.query.page, page_size: request.query.page_size };
    },
  );

  app.get(
    '/vendor/users/:userid',
    { config: { permission: page }, schema: { tags, summary: 'One user', params: useridParam } },
    async (request) => ({
      result: 'success' as const,
      user: toUserView(await service.get(request.params.userid, request.user!)),
    }),
  );

  app.post(
    '/vendor/users',
    { config: { permission: page }, schema: { tags, summary: 'Create a user', body: createUserBody } },
    async (request) => {
      const user = await service.create(request.body, { user: request.user!, ip: request.ip });
      return { result: 'success' as const, message: 'User created', user: toUserView(user) };
    },
  );

  app.put(
    '/vendor/users/:userid',
    {
      config: { permission: page },
      schema: {
        tags,
        summary: 'Update a user (names the version it edited)',
        params: useridParam,
        body: updateUserBody,
      },
    },
    async (request) => {
      const user = await service.update(request.params.userid, request.body, { user: request.user!, ip: request.ip });
      return { result: 'success' as const, message: 'User updated', user: toUserView(user) };
    },
  );

  app.post(
    '/vendor/users/:userid/password',
    {
      config: { permission: page },
      schema: { tags, summary: "Set a user's password", params: useridParam, body: setPasswordBody },
    },
    async (request) => {
      await service.setPassword(request.params.userid, request.body.password, { user: request.user!, ip: request.ip });
      return { result: 'success' as const, message: 'Password updated' };
    },
  );
}
