import Typography from '@mui/material/Typography';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAudienceSize, type AudienceQuery, type NotificationInput, type NotificationOutput } from '../api';
import { formatCount } from '../format';
import { useDebouncedValue } from './use-debounced-value';

/** How long the audience must stay unchanged before its reach is asked for. */
export const REACH_DEBOUNCE_MS = 400;

/**
 * "Reaches about N customers": POST /notifications/audience once the audience has stopped changing; nothing is
 * asked while sites or groups are chosen but none is picked.
 */
export function AudienceReach({ control }: { control: Control<NotificationInput, unknown, NotificationOutput> }) {
  const { t } = useTranslation();
  const [audience, foodcourts, groups] = useWatch({ control, name: ['audience', 'foodcourts', 'groups'] });
  const query: AudienceQuery | null =
    audience === 'everyone'
      ? { audience, foodcourts: [], groups: [] }
      : audience === 'sites' && foodcourts?.length
        ? { audience, foodcourts, groups: [] }
        : audience === 'groups' && groups?.length
          ? { audience, foodcourts: [], groups }
          : null;
  const asked = useDebouncedValue(query, REACH_DEBOUNCE_MS);
  const size = useAudienceSize(asked);
  const text =
    asked === null
      ? t('notifications.reach.choose')
      : size.isError
        ? t('notifications.reach.failed')
        : size.data === undefined
          ? t('notifications.reach.counting')
          : t('notifications.reach.count', { count: size.data, n: formatCount(size.data) });
  return (
    <Typography role="status" variant="body2" color="text.secondary">
      {text}
    </Typography>
  );
}
