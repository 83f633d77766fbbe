import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FOODPIC_MAX_FILES,
  FOODPIC_MAX_SIDE,
  foodpicApplyAnswer,
  foodpicApplyBody,
  foodpicMatchAnswer,
} from '@cd/core';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { actorOf } from '../../lib/actor.js';
import { badRequest } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import { needsPage } from '../../plugins/permissions.js';
import { receiveUpload } from '../media/upload-spool.js';
import { FoodpicService } from './foodpic.service.js';

const tags = ['content'];
const page = needsPage('foodpic_dashboard');

/** /foodpic_dashboard: many food pictures at once, matched to a restaurant's items by file name and applied. */
export async function foodpicRoutes(
  fastify: FastifyInstance,
  { db, config, files }: { db: Db; config: Config; files: FileStore },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const service = new FoodpicService(
    db,
    files,
    { publicUrl: config.publicUrl, imageMaxMB: config.MEDIA_IMAGE_MAX_MB },
    fastify.log,
  );

  app.post(
    '/foodpic/match',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'matchFoodPictures',
        summary: "Check pictures and match them to a restaurant's items by file name (multipart: restaurant, images)",
        description:
          `The text field \`restaurant\` first, then up to ${FOODPIC_MAX_FILES} files in \`images\`. Each picture ` +
          'is judged by its content (jpg, jpeg or png, within the image size of the media library) and its name is ' +
          'matched to an item id, else an item name. The answer has a preview per file (its token, problems, ' +
          'match with the current image, a small thumbnail) and the batch to apply within an hour.',
        consumes: ['multipart/form-data'],
        response: { 200: foodpicMatchAnswer },
      },
    },
    async (req) => {
      const actor = actorOf(req);
      const spool = await receiveUpload(req, {
        maxFileBytes: service.maxFileBytes(),
        maxFiles: FOODPIC_MAX_FILES,
        // The restaurant, sent before the files, lets a caller without it be refused before any file arrives.
        beforeFirstFile: async (fields) => {
          if (!fields.restaurant)
            throw badRequest('invalidRequest', 'restaurant: send it before the images', { field: 'restaurant' });
          await service.restaurant(actor, fields.restaurant);
        },
      });
      try {
        const restaurant = spool.fields.restaurant?.trim();
        if (!restaurant)
          throw badRequest('invalidRequest', 'restaurant: choose the restaurant', { field: 'restaurant' });
        return { result: 'success' as const, ...(await service.match(actor, restaurant, spool.files)) };
      } finally {
        await spool.cleanup();
      }
    },
  );

  app.post(
    '/foodpic/apply',
    {
      config: { ...page, errors: [404] },
      schema: {
        tags,
        operationId: 'applyFoodPictures',
        summary: 'Set matched pictures on their items',
        description:
          `Each picture is made at most ${FOODPIC_MAX_SIDE} px on its long side (never larger, turned upright, ` +
          'without metadata), stored in the item image library (menu_item) and set as the item image; all items ' +
          'change together. Pictures that are not in the batch, did not pass the checks, or name an item of ' +
          'another restaurant are skipped with the reason.',
        body: foodpicApplyBody,
        response: { 200: foodpicApplyAnswer },
      },
    },
    async (req) => {
      const done = await service.apply(actorOf(req), req.body);
      const n = done.applied.length;
      return {
        result: 'success' as const,
        message: `${n} ${n === 1 ? 'picture' : 'pictures'} applied${done.skipped.length ? `, ${done.skipped.length} skipped` : ''}`,
        ...done,
      };
    },
  );
}
