import { z } from 'zod';

/** DESIGN.md §4: every failure answers with this body. */
export const failureSchema = z.object({
  result: z.literal('failure'),
  message: z.string(),
  extras: z.object({ code: z.string() }).catchall(z.unknown()),
});
export type Failure = z.infer<typeof failureSchema>;

/** Every request from the web carries these; the server accepts and ignores them. */
export const clientMeta = {
  sender: z.string().max(20).optional(),
  lang: z.string().max(10).optional(),
};
