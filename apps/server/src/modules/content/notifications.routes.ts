import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  audienceAnswer,
  audienceBody,
  cancelNotificationBody,
  messageAnswer,
  notificationAnswer,
  notificationBody,
  notificationExportQuery,
  notificationListAnswer,
  notificationListQuery,
  notificationRunsAnswer,
  publicNotificationsAnswer,
  publicNotificationsQuery,
  testSendAnswer,
  versionQuery,
  type Notification,
} from '@cd/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { listAnswer } from '../../lib/list-query.js';
import { needsPage } from '../../plugins/permissions.js';
import { apiKeyAuth, type ApiKeysService } from '../api-keys/index.js';
import type { ListExport } from '../list-export/index.js';
import { idParam } from '../marketing/marketing-common.js';
import { regionOf, versionOf } from './content-common.js';
import { createNotificationSender, NotificationsService, type NotificationSender } from './notifications.service.js';

const tags = ['content'];
const page = needsPage('notifications');

const notificationExport: ListExport<z.output<typeof notificationExportQuery>, Notification> = {
  resource: 'notifications',
  label: 'Notifications',
  path: '/notifications',
  pages: page.permission.page,
  query: notificationExportQuery,
  operationId: 'exportNotifications',
  tag: 'content',
  columns: [
    { header: 'Title', value: (r) => r.title, width: 30 },
    { header: 'Channels', value: (r) => r.channels.join(', '), width: 20 },
    { header: 'Audience', value: (r) => (r.audience === 'sites' ? r.foodcourts.join(', ') : r.audience), width: 24 },
    { header: 'Status', value: (r) => r.status, width: 10 },
    { header: 'Next send', value: (r) => r.next_run_at ?? '', width: 22 },
    { header: 'Last sent', value: (r) => r.last_run?.sent ?? '', width: 10 },
    { header: 'Last targeted', value: (r) => r.last_run?.targeted ?? '', width: 12 },
  ],
  fetch: (db, user, query, range) => new NotificationsService(db).list(user, query, range),
};

/** /notifications (issue 19 point 3), and the apps' in-app feed. */
export async function notificationsRoutes(
  fastify: FastifyInstance,
  { db, config, keys, sender }: { db: Db; config: Config; keys: ApiKeysService; sender?: NotificationSender },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new NotificationsService(db);
  const send = sender ?? createNotificationSender(config, fastify.log);
  const answer = async (message: string, row: Parameters<NotificationsService['view']>[0]) => ({
    result: 'success' as const,
    message,
    notification: await service.view(row),
  });

  app.get(
    '/notifications',
    {
      config: page,
      schema: {
        tags,
        operationId: 'listNotifications',
        summary: 'Notifications with their status and last run',
        querystring: notificationListQuery,
        response: { 200: notificationListAnswer },
      },
    },
    async (req) => listAnswer('notifications', await service.list(req.user!, req.query), req.query),
  );
  fastify.listExports.add(fastify, notificationExport);
  app.post(
    '/notifications',
    {
      config: page,
      schema: {
        tags,
        operationId: 'createNotification',
        summary: "Add a notification (a draft, or scheduled: the region's rules apply)",
        body: notificationBody,
        response: { 200: notificationAnswer },
      },
    },
    async (req) =>
      answer(
        req.body.status === 'scheduled' ? 'Notification scheduled' : 'Notification saved',
        await service.create(req.body, regionOf(req, config), actorOf(req)),
      ),
  );
  app.get(
    '/notifications/:id',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'getNotification',
        summary: 'One notification',
        params: idParam,
        response: { 200: notificationAnswer },
      },
    },
    async (req) => answer('', await service.row(req.user!, req.params.id)),
  );
  app.put(
    '/notifications/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateNotification',
        summary: 'Save a notification (version-checked; not while it is being sent)',
        params: idParam,
        body: notificationBody,
        response: { 200: notificationAnswer },
      },
    },
    async (req) =>
      answer(
        req.body.status === 'scheduled' ? 'Notification scheduled' : 'Notification saved',
        await service.update(
          req.params.id,
          { ...req.body, version: versionOf(req.body) },
          regionOf(req, config),
          actorOf(req),
        ),
      ),
  );
  app.delete(
    '/notifications/:id',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'deleteNotification',
        summary: 'Delete a notification and its runs',
        params: idParam,
        querystring: versionQuery,
        response: { 200: messageAnswer },
      },
    },
    async (req) => {
      await service.remove(req.params.id, req.query.version, actorOf(req));
      return { result: 'success' as const, message: 'Notification deleted' };
    },
  );
  app.post(
    '/notifications/:id/cancel',
    {
      config: { ...page, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'cancelNotification',
        summary: 'Stop a scheduled or repeating notification',
        params: idParam,
        body: cancelNotificationBody,
        response: { 200: notificationAnswer },
      },
    },
    async (req) =>
      answer('Notification cancelled', await service.cancel(req.params.id, req.body.version, actorOf(req))),
  );
  app.post(
    '/notifications/:id/test',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'testNotification',
        summary: 'Send it to yourself only (your e-mail, phone and user id for push)',
        params: idParam,
        response: { 200: testSendAnswer },
      },
    },
    async (req) => {
      const run = await service.testSend(req.user!, req.params.id, send);
      return {
        result: 'success' as const,
        message: run.error ? `The test was not sent: ${run.error}` : 'Test sent to you',
        run,
      };
    },
  );
  app.get(
    '/notifications/:id/runs',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'listNotificationRuns',
        summary: 'Every run with its progress and counts, newest first',
        params: idParam,
        response: { 200: notificationRunsAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, runs: await service.runs(req.user!, req.params.id) }),
  );
  app.post(
    '/notifications/audience',
    {
      config: page,
      schema: {
        tags,
        operationId: 'countNotificationAudience',
        summary: 'How many customers an audience reaches (opted in)',
        body: audienceBody,
        response: { 200: audienceAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, count: await service.audienceCount(req.user!, req.body) }),
  );

  app.get(
    '/content/notifications',
    {
      config: { permission: 'apiKey' },
      onRequest: apiKeyAuth(keys),
      schema: {
        tags: ['ingest'],
        operationId: 'readInAppNotifications',
        summary: 'In-app notifications sent to a site (or to everyone) in the last 30 days',
        description: 'Send the API key as `Authorization: Bearer cdk_…`.',
        querystring: publicNotificationsQuery,
        response: { 200: publicNotificationsAnswer },
      },
    },
    async (req) => ({ result: 'success' as const, notifications: await service.feed(req.query.foodcourt) }),
  );
}
