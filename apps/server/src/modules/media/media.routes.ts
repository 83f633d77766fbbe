import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_MEDIA_MAX_COUNT,
  imageManagerItem,
  imageManagerListQuery,
  successEnvelope,
  imageManagerUpdateBody,
  imageManagerUploadFields,
  type ImageManagerListResponse,
  type ImageManagerUpdateResponse,
  type ImageManagerUploadResponse,
  intIdParam,
} from '@cd/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { badRequest } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import { MediaService } from './media.service.js';
import { receiveUpload } from './upload-spool.js';

const idParam = z.object({ id: intIdParam() });
const listAnswer = successEnvelope({ data: z.array(imageManagerItem) });
const uploadAnswer = successEnvelope({ message: z.string(), data: z.array(imageManagerItem) });
const updateAnswer = successEnvelope({ message: z.string(), data: imageManagerItem });
const deleteAnswer = successEnvelope({ message: z.string(), id: z.number().int() });

/**
 * The image manager of spec 001 §7: `GET|POST /imagemanager` with action and value, plus edit and delete.
 * Every route is `authenticated`; which page the caller needs depends on the action (restaurant →
 * restaurant, sub_menu → subMenuManagement or pricebook, menu_item → editMenu or pricebook, others →
 * foodpic_dashboard), so the handler checks it with the core grant rules before touching anything.
 */
export async function imageManagerRoutes(
  fastify: FastifyInstance,
  { db, config, files }: { db: Db; config: Config; files: FileStore },
) {
  // Multipart parsing exists only inside this plugin; files stream to disk, never buffered whole.
  await fastify.register(multipart, { throwFileSizeLimit: false });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new MediaService(
    db,
    files,
    { publicUrl: config.publicUrl, imageMaxMB: config.MEDIA_IMAGE_MAX_MB, videoMaxMB: config.MEDIA_VIDEO_MAX_MB },
    fastify.log,
  );
  const tags = ['media'];
  const permission = 'authenticated' as const;

  app.get(
    '/imagemanager',
    {
      config: { permission, errors: [403] },
      schema: {
        tags,
        operationId: 'listImages',
        summary: 'Images of an action/value (answer: data)',
        querystring: imageManagerListQuery,
        response: { 200: listAnswer },
      },
    },
    async (request): Promise<ImageManagerListResponse> => {
      const { action, value, search } = request.query;
      await service.assertAccess(request.user!, action, value, 'read');
      return { result: 'success', data: await service.list({ action, value, search }) };
    },
  );

  app.post(
    '/imagemanager',
    {
      config: { permission, errors: [403] },
      schema: {
        tags,
        operationId: 'uploadImages',
        summary: 'Upload images or videos (multipart: action, value, keywords, images files)',
        consumes: ['multipart/form-data'],
        response: { 200: uploadAnswer },
      },
    },
    async (request): Promise<ImageManagerUploadResponse> => {
      const user = request.user!;
      const spool = await receiveUpload(request, {
        maxFileBytes: service.maxFileBytes(),
        maxFiles: DEFAULT_MEDIA_MAX_COUNT,
        // Fields sent before the files let an unpermitted caller be refused before any file is received.
        beforeFirstFile: async (fields) => {
          const early = imageManagerUploadFields.safeParse(fields);
          if (early.success) await service.assertAccess(user, early.data.action, early.data.value, 'write');
        },
      });
      try {
        const parsed = imageManagerUploadFields.safeParse(spool.fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const field = issue?.path.join('.') ?? '';
          throw badRequest('invalidRequest', `${field}: ${issue?.message ?? 'is invalid'}`, { field });
        }
        const fields = parsed.data;
        await service.assertAccess(user, fields.action, fields.value, 'write');
        const data = await service.upload(actorOf(request), fields, spool.files);
        return { result: 'success', message: 'Uploaded successfully', data };
      } finally {
        await spool.cleanup();
      }
    },
  );

  app.put(
    '/imagemanager/:id',
    {
      config: { permission, errors: [404, 409] },
      schema: {
        tags,
        operationId: 'updateImage',
        summary: 'Edit the name or keywords of an image',
        params: idParam,
        body: imageManagerUpdateBody,
        response: { 200: updateAnswer },
      },
    },
    async (request): Promise<ImageManagerUpdateResponse> => {
      const data = await service.update(actorOf(request), request.params.id, request.body);
      return { result: 'success', message: 'Updated successfully', data };
    },
  );

  app.delete(
    '/imagemanager/:id',
    {
      config: { permission, errors: [404] },
      schema: {
        tags,
        operationId: 'deleteImage',
        summary: 'Delete an image and its file',
        params: idParam,
        response: { 200: deleteAnswer },
      },
    },
    async (request) => {
      await service.remove(actorOf(request), request.params.id);
      return { result: 'success' as const, message: 'Deleted successfully', id: request.params.id };
    },
  );
}
