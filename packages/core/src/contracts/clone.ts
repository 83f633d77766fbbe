import { z } from 'zod';
import { CLONE_MODES, cloneIncludeSchema } from '../clone/clone-rules.js';
import { successEnvelope } from './envelope.js';
import { backgroundJobSchema } from './jobs.js';
import { listAnswerSchema, listQuerySchema } from './list.js';

/**
 * Menu clone (issue 20 point 2, page clone).
 *
 *   POST /clone/preview {source, targets[], mode, include}       per target: what would be added, changed, skipped
 *   POST /clone {source, targets: [{restaurant, stamp}], mode, include}   starts the job (stamps from the preview)
 *   GET  /clone/runs?source=&page=                                 past clones with their reports
 *   GET  /clone/runs/:id                                           one clone and its report
 */

const countsSchema = z.object({
  add: z.number().int(),
  change: z.number().int(),
  skip: z.number().int(),
  unchanged: z.number().int(),
});
export const cloneCountsSchema = z.object({ items: countsSchema, submenus: countsSchema, categories: countsSchema });

export const cloneConflictSchema = z.object({
  kind: z.enum(['ambiguous_item', 'locked_field', 'unlinked_option', 'currency', 'target_changed', 'failed']),
  name: z.string(),
  message: z.string(),
});

export const clonePreviewTargetSchema = z.object({
  restaurant: z.string(),
  name: z.string(),
  /** The target's menu stamp now; starting the clone with it leaves the target alone if it changed since. */
  stamp: z.string(),
  /** false: cannot be cloned into (see conflicts), e.g. another currency. */
  allowed: z.boolean(),
  counts: cloneCountsSchema,
  /** Up to 25 item names per action. */
  samples: z.object({ add: z.array(z.string()), change: z.array(z.string()), skip: z.array(z.string()) }),
  /** Changed items with the fields that change (up to 25). */
  changes: z.array(z.object({ name: z.string(), fields: z.array(z.string()) })),
  conflicts: z.array(cloneConflictSchema),
});
export type ClonePreviewTarget = z.infer<typeof clonePreviewTargetSchema>;

export const clonePreviewAnswer = successEnvelope({
  source: z.object({
    restaurant: z.string(),
    name: z.string(),
    items: z.number().int(),
    categories: z.number().int(),
    submenus: z.number().int(),
  }),
  mode: z.enum(CLONE_MODES),
  targets: z.array(clonePreviewTargetSchema),
});
export type ClonePreviewAnswer = z.infer<typeof clonePreviewAnswer>;

export const cloneTargetResultSchema = z.object({
  restaurant: z.string(),
  name: z.string(),
  /** cloned: committed; unchanged: nothing to do; left_alone: changed since the preview or failed; nothing written. */
  status: z.enum(['cloned', 'unchanged', 'left_alone']),
  reason: z.string(),
  counts: cloneCountsSchema.nullable(),
  conflicts: z.array(cloneConflictSchema),
});
export type CloneTargetResult = z.infer<typeof cloneTargetResultSchema>;

export const cloneRunSchema = z.object({
  id: z.string(),
  source_restaurant: z.string(),
  source_name: z.string(),
  mode: z.enum(CLONE_MODES),
  trigger: z.enum(['manual', 'linked']),
  include: cloneIncludeSchema,
  targets: z.array(z.object({ restaurant: z.string(), stamp: z.string() })),
  status: z.enum(['queued', 'running', 'done', 'error']),
  results: z.array(cloneTargetResultSchema),
  created_by: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type CloneRun = z.infer<typeof cloneRunSchema>;

export const cloneStartAnswer = successEnvelope({ message: z.string(), run: cloneRunSchema, job: backgroundJobSchema });
export const CLONE_RUN_SORT = ['created_at'] as const;
export const cloneRunsQuery = listQuerySchema(CLONE_RUN_SORT, { source: z.string().trim().max(200).optional() });
export const cloneRunsAnswer = listAnswerSchema('runs', cloneRunSchema);
export const cloneRunAnswer = successEnvelope({ run: cloneRunSchema });
export const cloneRunParam = z.object({ id: z.string().min(1).max(80) });
