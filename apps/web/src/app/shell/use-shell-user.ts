import { useMemo } from 'react';
import { useProfile } from '../../features/auth';
import { useLoginState } from '../../lib/login-state';
import { permissionSubject } from './nav-model';

/**
 * The signed-in user as the shell sees it: the fresh profile once loaded, else the stored copy (spec 000 §3:
 * the user details persist across reloads).
 */
export function useShellUser() {
  const { user } = useLoginState();
  const profile = useProfile();
  const details = profile.data ?? user;
  const subject = useMemo(() => permissionSubject(details), [details]);
  return {
    userid: details?.userid ?? '',
    name: details?.name ?? '',
    subject,
    profile,
  };
}
