import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MENU_CHANGE_OPEN,
  MENU_CHANGE_SORT,
  MENU_CHANGE_STATUSES,
  type MenuChangePreview,
  type MenuChangeSet,
  type MenuChangeSetInput,
} from '@cd/core';
import { apiGet, apiPost, apiPut } from '../../../lib/api-client';
import { listUrlState } from '../../../lib/list-url-state';
import { makeResourceApi } from '../../../lib/resource-api';
import { param } from '../../../lib/url-state';
import { menuKeys } from '../api';

type ChangeAnswer = { message: string; change: MenuChangeSet };

/** A change that can still be edited, scheduled or published (a failed one too: it is fixed and tried again). */
export const isOpen = (change: MenuChangeSet) => MENU_CHANGE_OPEN.includes(change.status);
/** A change that may be cancelled: not yet published, not failed (a failed one is fixed or deleted). */
export const isCancellable = (change: MenuChangeSet) => change.status === 'draft' || change.status === 'scheduled';

/**
 * GET /menu-changes, POST /menu-changes, PUT and DELETE /menu-changes/:id (version-checked). A publish changes
 * the restaurant's menu: the menu editor's copy goes stale with the list.
 */
export const menuChangeApi = makeResourceApi<MenuChangeSet, MenuChangeSetInput>({
  key: 'menu-changes',
  path: 'menu-changes',
  rowsField: 'changes',
  rowField: 'change',
  idOf: (change) => change.id,
  alsoInvalidates: [menuKeys.all],
  fetchOne: async (id, signal) => {
    const answer = await apiGet<ChangeAnswer>(`menu-changes/${encodeURIComponent(id)}`, { signal });
    return answer.change;
  },
});

/** The address of /menu-changes: the restaurant and status filters, the list's keys and the open dialog. */
export const menuChangesUrl = listUrlState({
  sort: MENU_CHANGE_SORT,
  dialogs: ['publish', 'cancel'] as const,
  filters: { restaurant: param.id(), status: param.oneOf(MENU_CHANGE_STATUSES) },
});

const previewKey = (id: string | number) => ['menu-changes', 'preview', String(id)];

/** GET /menu-changes/:id/preview: each edit against its live item (conflicts, items deleted, rules broken). */
export function useChangePreview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: previewKey(id),
    queryFn: ({ signal }) => apiGet<MenuChangePreview>(`menu-changes/${encodeURIComponent(id)}/preview`, { signal }),
    enabled,
    staleTime: 0,
  });
}

function useChangeMutation<V>(call: (vars: V) => Promise<ChangeAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: menuChangeApi.keys.all }),
        queryClient.invalidateQueries({ queryKey: menuKeys.all }),
      ]),
  });
}

/** POST /menu-changes/:id/publish {version}: now, in one transaction; its report comes back with it. */
export const usePublishChange = () =>
  useChangeMutation((change: MenuChangeSet) =>
    apiPost<ChangeAnswer>(`menu-changes/${change.id}/publish`, { version: change.version }),
  );

/** POST /menu-changes/:id/cancel {version}: a draft or scheduled change is never published. */
export const useCancelChange = () =>
  useChangeMutation((change: MenuChangeSet) =>
    apiPost<ChangeAnswer>(`menu-changes/${change.id}/cancel`, { version: change.version }),
  );

/** The body that saves a change as it is, with `keep_mine` on the edits named. */
export function bodyOf(change: MenuChangeSet, keepMine: string[] = []): MenuChangeSetInput {
  return {
    restaurant: change.restaurant,
    name: change.name,
    publish_at: change.publish_at,
    entries: change.entries.map((e) => ({
      foodid: e.foodid,
      values: e.values as MenuChangeSetInput['entries'][number]['values'],
      ...(keepMine.includes(e.foodid) ? { keep_mine: true } : {}),
    })),
  };
}

/**
 * PUT /menu-changes/:id with `keep_mine` on one edit: the user saw the live change and keeps theirs — the publish
 * will then write it over the live value.
 */
export const useKeepMine = () =>
  useChangeMutation(({ change, foodid }: { change: MenuChangeSet; foodid: string }) =>
    apiPut<ChangeAnswer>(`menu-changes/${change.id}`, { ...bodyOf(change, [foodid]), version: change.version }),
  );
