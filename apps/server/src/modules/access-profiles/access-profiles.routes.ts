import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyProfileBody,
  messageAnswer,
  permissionProfileBody,
  permissionProfileSchema,
  profileAnswers,
  profileExportQuery,
  profileListQuery,
  siteProfileBody,
  siteProfileSchema,
  type PagePermissionKey,
  intIdParam,
  versionParam,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { AccessProfilesService, type ProfileRow } from './access-profiles.service.js';

const idParam = z.object({ id: intIdParam() });
const versionQuery = z.object({ version: versionParam() });

type Options<B extends typeof permissionProfileBody | typeof siteProfileBody> = {
  path: string;
  page: PagePermissionKey;
  tag: 'permission profiles' | 'site profiles';
  /** The resource in operationIds: PermissionProfile, SiteProfile. */
  name: 'PermissionProfile' | 'SiteProfile';
  body: B;
  answer: typeof permissionProfileSchema | typeof siteProfileSchema;
  service: AccessProfilesService<'permission'> | AccessProfilesService<'site'>;
};

/** The same routes for permission profiles and site profiles, and their export. */
function profileRoutes<B extends typeof permissionProfileBody | typeof siteProfileBody>(
  fastify: FastifyInstance,
  o: Options<B>,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = needsPage(o.page);
  const tags = [o.tag];
  const answers = profileAnswers(o.answer);
  const one = o.tag.slice(0, -1);
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

  app.get(
    o.path,
    {
      config,
      schema: {
        tags,
        operationId: `list${o.name}s`,
        summary: `List ${o.tag}`,
        description: 'Without page and page_size every profile.',
        querystring: profileListQuery,
        response: { 200: answers.list },
      },
    },
    async (request) => {
      const page = await service.list(request.query);
      return listAnswer('profiles', { rows: page.rows.map(profileView), total: page.total }, request.query);
    },
  );
  fastify.listExports.add(fastify, {
    resource: o.path.slice(1).replace(/_/g, '-'),
    label: o.tag.charAt(0).toUpperCase() + o.tag.slice(1),
    path: o.path,
    pages: o.page,
    query: profileExportQuery,
    operationId: `export${o.name}s`,
    tag: o.tag,
    columns: [
      { header: 'Id', value: (r: ProfileRow) => r.id, width: 8 },
      { header: 'Name', value: (r: ProfileRow) => r.name, width: 32 },
      ...(o.name === 'PermissionProfile'
        ? [
            { header: 'Administrator', value: (r: ProfileRow) => ('admin' in r && r.admin ? 'Yes' : 'No'), width: 14 },
            {
              header: 'Pages',
              value: (r: ProfileRow) => ('pagepermissionaccess' in r ? r.pagepermissionaccess.join(', ') : ''),
              width: 40,
            },
          ]
        : [{ header: 'Sites', value: (r: ProfileRow) => ('sites' in r ? siteCount(r.sites) : 0), width: 10 }]),
      { header: 'Last changed by', value: (r: ProfileRow) => r.updated_by ?? '', width: 24 },
      { header: 'Last changed at (UTC)', value: (r: ProfileRow) => r.updated_at.toISOString(), date: true, width: 20 },
    ],
    fetch: (_db, _user, query, range) => service.list(query, range),
  });

  app.post(
    o.path,
    {
      config: { ...config, errors: [409] },
      schema: {
        tags,
        operationId: `create${o.name}`,
        summary: `Create a ${one}`,
        body: o.body,
        response: { 200: answers.saved },
      },
    },
    async (request) => ({
      result: 'success' as const,
      message: 'Profile created',
      profile: profileView(await service.create(values(request.body as z.output<B>), actorOf(request))),
    }),
  );

  app.put(
    `${o.path}/:id`,
    {
      config: { ...config, errors: [404, 409] },
      schema: {
        tags,
        operationId: `update${o.name}`,
        summary: `Update a ${one} (names the version it edited)`,
        params: idParam,
        body: o.body,
        response: { 200: answers.saved },
      },
    },
    async (request) => {
      const body = request.body as z.output<B>;
      return {
        result: 'success' as const,
        message: 'Profile updated',
        profile: profileView(await service.update(request.params.id, body.version, values(body), actorOf(request))),
      };
    },
  );

  app.delete(
    `${o.path}/:id`,
    {
      config: { ...config, errors: [404, 409] },
      schema: {
        tags,
        operationId: `delete${o.name}`,
        summary: `Delete a ${one} (names the version it saw)`,
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await service.remove(request.params.id, request.query.version, actorOf(request));
      return { result: 'success' as const, message: 'Profile deleted' };
    },
  );

  app.post(
    `${o.path}/:id/apply`,
    {
      config: { ...config, errors: [404] },
      schema: {
        tags,
        operationId: `apply${o.name}`,
        summary: `Apply a ${one} to users`,
        params: idParam,
        body: applyProfileBody,
        response: { 200: answers.applied },
      },
    },
    async (request) => {
      const updated = await service.apply(request.params.id, request.body.userids, actorOf(request));
      return { result: 'success' as const, message: `Applied to ${updated} user${updated === 1 ? '' : 's'}`, updated };
    },
  );
}

/** A profile as answered: its times as ISO text. */
const profileView = <R extends ProfileRow>(row: R) => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const siteCount = (s: { locations: string[]; foodcourts: string[]; restaurants: string[] }) =>
  s.locations.length + s.foodcourts.length + s.restaurants.length;

export async function accessProfilesRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  profileRoutes(fastify, {
    path: '/permission_profiles',
    page: 'permissionProfile',
    tag: 'permission profiles',
    name: 'PermissionProfile',
    body: permissionProfileBody,
    answer: permissionProfileSchema,
    service: new AccessProfilesService(db, 'permission'),
  });
  profileRoutes(fastify, {
    path: '/site_profiles',
    page: 'siteProfile',
    tag: 'site profiles',
    name: 'SiteProfile',
    body: siteProfileBody,
    answer: siteProfileSchema,
    service: new AccessProfilesService(db, 'site'),
  });
}
