import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createUserBody,
  messageAnswer,
  setPasswordBody,
  updateUserBody,
  userAnswer,
  userListAnswer,
  userListQuery,
  userSavedAnswer,
} from '@cd/core';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { userExport } from './user-exports.js';
import type { UsersService } from './users.service.js';
import { toUserView } from './users.view.js';

const useridParam = z.object({ userid: z.string().min(1).max(254) });
const page = needsPage('vendor');

/** Create/Edit User (/vendor, permission `vendor`). */
export async function usersRoutes(fastify: FastifyInstance, { service }: { service: UsersService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.get(
    '/vendor/users',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listUsers',
        summary: 'List users the caller may manage',
        querystring: userListQuery,
        response: { 200: userListAnswer },
      },
    },
    async (request) => listAnswer('users', await service.list(request.query, request.user!), request.query),
  );
  fastify.listExports.add(fastify, userExport(service));

  app.get(
    '/vendor/users/:userid',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'getUser',
        summary: 'One user',
        params: useridParam,
        response: { 200: userAnswer },
      },
    },
    async (request) => {
      const user = await service.get(request.params.userid, request.user!);
      return { result: 'success' as const, user: toUserView(user, await service.profileNames([user])) };
    },
  );

  app.post(
    '/vendor/users',
    {
      config: { ...page, errors: [409] },
      schema: {
        tags,
        operationId: 'createUser',
        summary: 'Create a user',
        body: createUserBody,
        response: { 200: userSavedAnswer },
      },
    },
    async (request) => {
      const user = await service.create(request.body, actorOf(request));
      return { result: 'success' as const, message: 'User created', user: toUserView(user) };
    },
  );

  app.put(
    '/vendor/users/:userid',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateUser',
        summary: 'Update a user (names the version it edited)',
        params: useridParam,
        body: updateUserBody,
        response: { 200: userSavedAnswer },
      },
    },
    async (request) => {
      const user = await service.update(request.params.userid, request.body, actorOf(request));
      return { result: 'success' as const, message: 'User updated', user: toUserView(user) };
    },
  );

  app.post(
    '/vendor/users/:userid/password',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'setUserPassword',
        summary: "Set a user's password",
        params: useridParam,
        body: setPasswordBody,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await service.setPassword(request.params.userid, request.body.password, actorOf(request));
      return { result: 'success' as const, message: 'Password updated' };
    },
  );
}
