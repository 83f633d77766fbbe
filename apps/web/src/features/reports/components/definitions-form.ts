import { z } from 'zod';
import { GROUP_KINDS, REPORT_GROUPS, reportListsSchema, type ReportGroup } from '@cd/core';
import type { ClientDefinition } from '../api';

/** One listed report as the editor holds it: `kind` '' runs the group's default kind. */
export type ListRow = { key: string; label: string; kind: string };
export type ListsValues = { lists: Record<ReportGroup, ListRow[]> };

const row = z.object({ key: z.string(), label: z.string(), kind: z.string() });

/** A client's lists as editable rows, in their saved order. */
export function toListValues(definition?: ClientDefinition): ListsValues {
  const lists = Object.fromEntries(
    REPORT_GROUPS.map((group) => [
      group,
      Object.entries(definition?.reportListJSON[group] ?? {}).map(([key, e]) => ({
        key,
        label: e.label,
        kind: e.kind ?? '',
      })),
    ]),
  ) as Record<ReportGroup, ListRow[]>;
  return { lists };
}

/**
 * The editor's rows checked with core's own schema of a client's lists (the API checks the same), each issue put
 * under the row's field; a key listed twice in a group and a kind the group may not list are refused too.
 */
export const listsFormSchema = z
  .object({
    lists: z.object(
      Object.fromEntries(REPORT_GROUPS.map((g) => [g, z.array(row)])) as Record<ReportGroup, z.ZodArray<typeof row>>,
    ),
  })
  .superRefine((values, ctx) => {
    for (const group of REPORT_GROUPS) {
      const seen = new Set<string>();
      values.lists[group].forEach((entry, index) => {
        const at = (field: keyof ListRow, message: string) =>
          ctx.addIssue({ code: 'custom', path: ['lists', group, index, field], message });
        const key = entry.key.trim();
        const list = reportListsSchema.shape[group];
        if (!key) at('key', 'Give the report a key');
        else if (seen.has(key)) at('key', 'This key is listed twice');
        seen.add(key);
        const kind = entry.kind || undefined;
        if (kind && !(GROUP_KINDS[group] as readonly string[]).includes(kind))
          at('kind', 'This group cannot list that kind');
        // Core's schema of a list, once for the key (with a valid entry) and once for the entry (with a valid key).
        const keyCheck = list.safeParse({ [key || 'k']: { label: 'x' } });
        if (!keyCheck.success) {
          const issue = keyCheck.error.issues[0] as { message: string; issues?: { message: string }[] } | undefined;
          at('key', issue?.issues?.[0]?.message ?? issue?.message ?? 'Invalid key');
        }
        const entryCheck = list.safeParse({ k: { label: entry.label, kind } });
        if (!entryCheck.success) {
          for (const issue of entryCheck.error.issues) at(issue.path[1] === 'kind' ? 'kind' : 'label', issue.message);
        }
      });
    }
  })
  .transform((values) => ({
    reportListJSON: Object.fromEntries(
      REPORT_GROUPS.map((group) => [
        group,
        Object.fromEntries(
          values.lists[group].map((e) => [
            e.key.trim(),
            e.kind ? { label: e.label.trim(), kind: e.kind } : { label: e.label.trim() },
          ]),
        ),
      ]),
    ) as ClientDefinition['reportListJSON'],
  }));
