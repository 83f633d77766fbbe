import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  groupAnswer,
  groupBody,
  groupCountAnswer,
  groupCountBody,
  groupExportQuery,
  groupImportAnswer,
  groupListAnswer,
  groupListQuery,
  groupMembersAnswer,
  groupMembersQuery,
  messageAnswer,
  versionQuery,
  type CustomerGroup,
} from '@cd/core';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { badRequest } from '../../lib/errors.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import type { ListExport } from '../list-export/index.js';
import { receiveMemberImport } from './group-import.js';
import { groupView, GroupsService } from './groups.service.js';
import { idParam } from './marketing-common.js';

const tags = ['marketing'];
const page = needsPage('groups');

const groupExport: ListExport<z.output<typeof groupExportQuery>, CustomerGroup> = {
  resource: 'groups',
  label: 'Customer groups',
  path: '/groups',
  pages: page.permission.page,
  query: groupExportQuery,
  operationId: 'exportGroups',
  tag: 'marketing',
  columns: [
    { header: 'Name', value: (r) => r.name, width: 28 },
    { header: 'Kind', value: (r) => (r.kind === 'rule' ? 'Rule' : 'Static list'), width: 12 },
    { header: 'Members', value: (r) => r.member_count, width: 10 },
    { header: 'Description', value: (r) => r.description, width: 40 },
    { header: 'Refreshed', value: (r) => r.refreshed_at ?? '', width: 22 },
    { header: 'Updated by', value: (r) => r.updated_by ?? '', width: 16 },
  ],
  fetch: (db, _user, query, range) => new GroupsService(db).list(query, range),
};

/** /groups: customer groups, static lists and rule segments (issue 17 point 1). */
export async function groupsRoutes(fastify: FastifyInstance, { db }: { db: Db }) {
  await fastify.register(multipart, { throwFileSizeLimit: false });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new GroupsService(db);

  app.get(
    '/groups',
    {
      config: needsPage(['groups', 'campaign', 'promotions', 'offers-discount']),
      schema: {
        tags,
        operationId: 'listGroups',
        summary: 'Customer groups',
        querystring: groupListQuery,
        response: { 200: groupListAnswer },
      },
    },
    async (req) => listAnswer('groups', await service.list(req.query), req.query),
  );
  fastify.listExports.add(fastify, groupExport);

  app.post(
    '/groups/count',
    {
      config: page,
      schema: {
        tags,
        operationId: 'countGroupRule',
        summary: 'How many customers a rule matches now (the live count while a rule is edited)',
        body: groupCountBody,
        response: { 200: groupCountAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, count: await service.count(req.body.rule, actorOf(req).user) }),
  );

  app.post(
    '/groups',
    {
      config: page,
      schema: {
        tags,
        operationId: 'createGroup',
        summary: 'Add a group (a rule group counts its members at once)',
        body: groupBody,
        response: { 200: groupAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Group added',
      group: await service.create(req.body, actorOf(req)),
    }),
  );

  app.put(
    '/groups/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateGroup',
        summary: 'Save a group (version-checked)',
        params: idParam,
        body: groupBody,
        response: { 200: groupAnswer },
      },
    },
    async (req) => ({
      result: 'success' as const,
      message: 'Group saved',
      group: await service.update(req.params.id, req.body, actorOf(req)),
    }),
  );

  app.delete(
    '/groups/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteGroup',
        summary: 'Delete a group no campaign or offer uses',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await service.remove(req.params.id, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Group deleted' };
    },
  );

  app.get(
    '/groups/:id/members',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'listGroupMembers',
        summary: 'Members of a group with their contacts',
        params: idParam,
        querystring: groupMembersQuery,
        response: { 200: groupMembersAnswer },
      },
    },
    async (req) => listAnswer('members', await service.members(req.params.id, req.query), req.query),
  );

  app.post(
    '/groups/:id/import',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'importGroupMembers',
        summary: "Import a static group's members (multipart: mode append|replace, file .xlsx|.csv)",
        description:
          'A header row naming the columns customer_ref, name, email, phone, marketing_opt_in (customer_ref ' +
          'required); rows with errors are reported and skipped; the rest are saved together.',
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 200: groupImportAnswer },
      },
    },
    async (req) => {
      const group = await service.get(req.params.id);
      if (group.kind !== 'static') throw badRequest('notStaticGroup', 'Members are imported into a static group only');
      const parsed = await receiveMemberImport(req);
      const done = await service.importMembers(req.params.id, parsed.rows, parsed.mode, actorOf(req));
      return {
        result: 'success' as const,
        message: `${done.added} customers added${parsed.errors.length ? `, ${parsed.errors.length} rows skipped` : ''}`,
        ...done,
        errors: parsed.errors.slice(0, 500),
      };
    },
  );

  app.post(
    '/groups/:id/refresh',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'refreshGroup',
        summary: "Count a rule group's members now",
        params: idParam,
        response: { 200: groupAnswer },
      },
    },
    async (req) => {
      const row = await service.get(req.params.id);
      const saved = await db.transaction((tx) => service.refresh(tx, row));
      return { result: 'success' as const, message: `${saved.member_count} members`, group: groupView(saved) };
    },
  );
}
