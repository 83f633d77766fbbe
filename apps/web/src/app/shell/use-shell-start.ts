import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../components/snackbar';
import { ApiError } from '../../lib/api-client';
import { ensureDeviceUserCookie } from '../../lib/device-user';
import { POS_RESTAURANT_FULL_ACCESS, useClientData, usePosRestaurants } from './shell-queries';
import { useShellUser } from './use-shell-user';

/** The longest the device-user cookie waits for an idle moment after the shell has started. */
const DEVICE_COOKIE_WAIT_MS = 2000;

/** A lost session is handled by the api client (back to login); only other failures are reported. */
const reportable = (error: unknown) => !(error instanceof ApiError && error.status === 401);

/**
 * What the shell does on start (spec 000 §2.2, §6, §7, §8): the device-user cookie, the restaurants call
 * (skipped with full POS-restaurant access) and the client-data call; profile and client-data failures show
 * "Something Went Wrong".
 */
export function useShellStart(): void {
  const { t } = useTranslation();
  const notify = useNotify();
  const { profile } = useShellUser();
  const fullAccess = profile.data?.vendorextras?.permissions?.includes(POS_RESTAURANT_FULL_ACCESS) ?? false;
  usePosRestaurants(profile.isSuccess && !fullAccess);
  const clientData = useClientData();

  useEffect(() => {
    // Once the page is up: reading document.cookie waits on the browser process (~10 ms of a cold start).
    const idle = typeof requestIdleCallback === 'function';
    const handle = idle
      ? requestIdleCallback(() => ensureDeviceUserCookie(), { timeout: DEVICE_COOKIE_WAIT_MS })
      : setTimeout(() => ensureDeviceUserCookie(), 0);
    return () => (idle ? cancelIdleCallback(handle as number) : clearTimeout(handle));
  }, []);

  const failed = (profile.isError && reportable(profile.error)) || (clientData.isError && reportable(clientData.error));
  const failedAt = Math.max(profile.errorUpdatedAt, clientData.errorUpdatedAt);
  useEffect(() => {
    if (failed) notify({ severity: 'error', message: t('errorMsgs.somethingWentWrong') });
  }, [failed, failedAt, notify, t]);
}
