import { z } from 'zod';

/** DESIGN.md §4: every failure answers with this body. */
export const failureSchema = z.object({
  result: z.literal('failure'),
  message: z.string().meta({ description: 'Human text; the web shows it when it has no translation for the code' }),
  extras: z
    .object({ code: z.string().meta({ description: 'Key the web translates (e.g. versionConflict)' }) })
    .catchall(z.unknown()),
});
export type Failure = z.infer<typeof failureSchema>;
/** The failure envelope, as the API description names it. */
export const errorEnvelope = failureSchema;

/** `{result: 'success', ...shape}`: the success envelope of DESIGN.md §4 around an answer's own fields. */
export function successEnvelope<S extends z.ZodRawShape>(shape: S) {
  return z.object({ result: z.literal('success'), ...shape });
}

/** The answer of a call that only reports what it did (deletes, logout, password change…). */
export const messageAnswer = successEnvelope({ message: z.string() });

/** Every request from the web carries these; the server accepts and ignores them. */
export const clientMeta = {
  sender: z.string().max(20).optional(),
  lang: z.string().max(10).optional(),
};
