import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applyProfileBody, permissionProfileBody, siteProfileBody } from '@cd/core';
import type { Db } from '../../db/client.js';
import { AccessProfilesService } from './access-profiles.service.js';

const idParam = z.object({ id: z.coerce.number().int().positive() });
const versionQuery = z.object({ version: z.coerce.number().int().positive() });

type Options<B extends typeof permissionProfileBody | typeof siteProfileBody> = {
  path: string;
  page: string;
  tag: string;
  body: B;
  service: AccessProfilesService<'permission'> | AccessProfilesService<'site'>;
};

/** The same five routes for permission profiles and site profiles. */
function profileRoutes<B extends typeof permissionProfileBody | typeof siteProfileBody>(
  fastify: FastifyInstance,
  o: Options<B>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { permission: { page: o.page } };
  const tags = [o.tag];
  // Both services take their own kind's values; the body schema given with them guarantees the match.
  const service = o.service as AccessProfilesService<'permission'>;
  type Values = Parameters<typeof service.create>[0];
  const values = (body: z.output<B>) => {
    const {
      version: _v,
      sender: _s,
      lang: _l,
      ...rest
    } = body as z.output<B> & { version?: number; sender?: string; lang?: string };
    return rest as unknown as Values;
  };

  app.get(o.path, { config, schema: { tags, summary: `List ${o.tag}` } }, async () => ({
    result: 'success' as const,
    profiles: await service.list(),
  }));

  app.post(
    o.path,
    { config, schema: { tags, summary: `Create a ${o.tag.slice(0, -1)}`, body: o.body } },
    async (request) => ({
      result: 'success' as const,
      message: 'Profile created',
      profile: await service.create(values(request.body as z.output<B>), { user: request.user!, ip: request.ip }),
    }),
  );

  app.put(
    `${o.path}/:id`,
    { config, schema: { tags, summary: 'Update (names the version it edited)', params: idParam, body: o.body } },
    async (request) => {
      const body = request.body as z.output<B>;
      return {
        result: 'success' as const,
        message: 'Profile updated',
        profile: await service.update(request.params.id, body.version, values(body), {
          user: request.user!,
          ip: request.ip,
        }),
      };
    },
  );

  app.delete(
    `${o.path}/:id`,
    {
      config,
      schema: { tags, summary: 'Delete (names the version it saw)', params: idParam, querystring: versionQuery },
    },
    async (request) => {
      await service.remove(request.params.id, request.query.version, { user: request.user!, ip: request.ip });
      return { result: 'success' as const, message: 'Profile deleted' };
    },
  );

  app.post(
    `${o.path}/:id/apply`,
    { config, schema: { tags, summary: 'Apply to users', params: idParam, body: applyProfileBody } },
    async (request) => {
      const updated = await service.apply(request.params.id, request.body.userids, {
        user: request.user!,
        ip: request.ip,
      });
      return { result: 'success' as const, message: `Applied to ${updated} user${updated === 1 ? '' : 's'}`, updated };
    },
  );
}

export async function accessProfilesRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  profileRoutes(fastify, {
    path: '/permission_profiles',
    page: 'permissionProfile',
    tag: 'permission profiles',
    body: permissionProfileBody,
    service: new AccessProfilesService(db, 'permission'),
  });
  profileRoutes(fastify, {
    path: '/site_profiles',
    page: 'siteProfile',
    tag: 'site profiles',
    body: siteProfileBody,
    service: new AccessProfilesService(db, 'site'),
  });
}
