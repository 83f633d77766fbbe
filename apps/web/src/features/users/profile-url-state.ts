import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { applyPatch } from './url-state';

/**
 * A profile page's state in the address: ?profile=<id> or ?action=new opens the form; &dialog=delete|apply
 * opens a dialog for that profile (linkable, survives reload).
 */
export type ProfileUrlState = {
  profile?: number;
  action?: 'new';
  dialog?: 'delete' | 'apply';
};

export function useProfileUrlState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo<ProfileUrlState>(() => {
    const id = Number(params.get('profile'));
    const dialog = params.get('dialog');
    return {
      profile: Number.isInteger(id) && id > 0 ? id : undefined,
      action: params.get('action') === 'new' ? 'new' : undefined,
      dialog: dialog === 'delete' || dialog === 'apply' ? dialog : undefined,
    };
  }, [params]);
  const update = useCallback(
    (patch: { [K in keyof ProfileUrlState]?: ProfileUrlState[K] | undefined }) =>
      setParams((prev) => applyPatch(prev, patch)),
    [setParams],
  );
  return { state, update };
}
