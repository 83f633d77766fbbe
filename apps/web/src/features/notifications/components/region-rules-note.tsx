import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { currentRegion, currentRegionMatch } from '../../../lib/region';
import { everyoneAllowed } from './notification-form';

/**
 * Which region's notification rules apply, and why, when the address has no region of its own (issue 35): such a
 * host gets the default region's rules (no repeating, no "Everyone" in India) and the page says so rather than
 * leaving those choices missing without a word. Nothing is shown on an address that names its region.
 */
export function RegionRulesNote() {
  const { t } = useTranslation();
  const match = currentRegionMatch();
  if (match.by !== 'default') return null;
  const { name, flags } = currentRegion();
  const rules = [
    flags.notificationRecurrence ? '' : t('notifications.regionNote.noRepeat'),
    everyoneAllowed(flags) ? '' : t('notifications.regionNote.noEveryone'),
  ].filter(Boolean);
  return (
    <Alert severity="info" role="note" sx={{ mb: 2 }}>
      {t('notifications.regionNote.default', { region: name, host: window.location.hostname })}
      {rules.length > 0 && ` ${rules.join(' ')}`}
    </Alert>
  );
}
