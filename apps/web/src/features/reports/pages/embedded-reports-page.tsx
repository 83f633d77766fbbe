import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLoginState } from '../../../lib/login-state';
import { describeError } from '../../../lib/server-message';
import { defineUrlState, param, useUrlState } from '../../../lib/url-state';
import { useEmbeds } from '../api';
import { EmbedConfigDialog } from '../components/embed-config-dialog';

const embedsUrl = defineUrlState({ embed: param.id(), dialog: param.oneOf(['manage'] as const) });

/** A signed address is asked for again this long before it expires. */
export const EMBED_RENEW_MS = 60_000;
const MIN_RENEW_MS = 5_000;

/**
 * /power_bi_reports (page power_bi_reports): the client's embedded dashboards (Power BI, Metabase, Superset or a
 * plain address); the chosen one (`?embed=<id>`) in a frame. Signed addresses are short-lived: the list is read
 * again before the shown one expires. Admins manage the configured dashboards.
 */
export function EmbeddedReportsPage() {
  const { t, i18n } = useTranslation();
  const { state, update } = useUrlState(embedsUrl);
  const admin = useLoginState().user?.vendorextras?.admin === true;
  const embeds = useEmbeds();
  const list = embeds.data ?? [];
  const chosen = list.find((e) => String(e.id) === state.embed) ?? (state.embed ? undefined : list[0]);
  const { refetch } = embeds;

  const expiresAt = chosen?.expires_at;
  useEffect(() => {
    if (!expiresAt) return;
    const wait = Math.max(Date.parse(expiresAt) - Date.now() - EMBED_RENEW_MS, MIN_RENEW_MS);
    const timer = setTimeout(() => void refetch(), wait);
    return () => clearTimeout(timer);
  }, [expiresAt, refetch]);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Typography variant="h5" component="h1">
          {t('reports.embeds.title')}
        </Typography>
        <Typography color="text.secondary">{t('reports.embeds.intro')}</Typography>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {list.length > 0 && (
          <TextField
            select
            size="small"
            label={t('reports.embeds.dashboard')}
            value={chosen ? String(chosen.id) : ''}
            onChange={(event) => update({ embed: event.target.value || undefined })}
            sx={{ minWidth: 260 }}
          >
            {list.map((e) => (
              <MenuItem key={e.id} value={String(e.id)}>
                {e.name}
              </MenuItem>
            ))}
          </TextField>
        )}
        {admin && (
          <Button variant="outlined" onClick={() => update({ dialog: 'manage' })}>
            {t('reports.embeds.manage')}
          </Button>
        )}
      </Box>
      {embeds.isPending && <Typography>{t('reports.loading')}</Typography>}
      {embeds.isError && <Alert severity="error">{describeError(embeds.error, i18n)}</Alert>}
      {embeds.isSuccess && list.length === 0 && <Alert severity="info">{t('reports.embeds.none')}</Alert>}
      {embeds.isSuccess && state.embed && !chosen && <Alert severity="warning">{t('reports.embeds.notFound')}</Alert>}
      {chosen && (
        <Box
          component="iframe"
          key={chosen.id}
          src={chosen.url}
          title={chosen.name}
          sx={{ width: '100%', height: '75vh', border: 1, borderColor: 'divider', borderRadius: 1 }}
        />
      )}
      {admin && state.dialog === 'manage' && <EmbedConfigDialog onClose={() => update({ dialog: undefined })} />}
    </Box>
  );
}
