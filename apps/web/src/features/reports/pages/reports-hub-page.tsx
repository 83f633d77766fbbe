import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REPORT_GROUP_PAGES, REPORT_GROUPS } from '@cd/core';
import { describeError } from '../../../lib/server-message';
import { defineUrlState, param, useUrlState } from '../../../lib/url-state';
import { useReportDefinitions, useVisibleReports } from '../api';
import { DefinitionsDialog } from '../components/definitions-dialog';
import { ReportRunner } from '../components/report-runner';
import { SubscriptionsSection } from '../components/subscriptions-section';

/** The hub's own address: `?lists=<client>` opens that client's list editor. */
const hubUrl = defineUrlState({ lists: param.id() });

/**
 * /reports (page reports): the reports the user sees by group, each linking to its page; the tax log (with
 * tax_log_report) run right here; the user's scheduled reports; for admins, each client's report lists.
 */
export function ReportsHubPage() {
  const { t, i18n } = useTranslation();
  const visible = useVisibleReports();
  const { state, update } = useUrlState(hubUrl);
  const canEdit = visible.data?.can_edit === true;
  const definitions = useReportDefinitions(canEdit);
  const taxLog = useMemo(() => ({ key: 'tax_log', label: t('reports.hub.taxLog') }), [t]);
  const reports = visible.data?.reports ?? [];
  const editing = definitions.data?.find((c) => c.client === state.lists);

  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Box>
        <Typography variant="h5" component="h1">
          {t('reports.hub.title')}
        </Typography>
        <Typography color="text.secondary">{t('reports.hub.intro')}</Typography>
      </Box>
      {visible.isPending && <Typography>{t('reports.loading')}</Typography>}
      {visible.isError && <Alert severity="error">{describeError(visible.error, i18n)}</Alert>}
      {visible.isSuccess && (
        <Box component="section" aria-labelledby="reports-yours">
          <Typography id="reports-yours" variant="h6" component="h2">
            {t('reports.hub.yours')}
          </Typography>
          {reports.length === 0 && !visible.data.production_planning && (
            <Typography color="text.secondary">{t('reports.hub.none')}</Typography>
          )}
          {REPORT_GROUPS.map((group) => {
            const inGroup = reports.filter((r) => r.group === group);
            if (!inGroup.length) return null;
            const page = REPORT_GROUP_PAGES[group];
            return (
              <Box key={group} sx={{ mt: 1 }}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                  <Link component={RouterLink} to={page.path}>
                    {t(`reports.groups.${group}.title`)}
                  </Link>
                </Typography>
                <List dense disablePadding>
                  {inGroup.map((r) => (
                    <ListItem key={r.key} disableGutters>
                      <Link component={RouterLink} to={`${page.path}?report=${encodeURIComponent(r.key)}`}>
                        {r.label}
                      </Link>
                    </ListItem>
                  ))}
                </List>
              </Box>
            );
          })}
          {visible.data.production_planning && (
            <Typography sx={{ mt: 1 }}>
              <Link component={RouterLink} to="/production_planning">
                {t('reports.planning.title')}
              </Link>
            </Typography>
          )}
        </Box>
      )}
      {visible.data?.tax_log && (
        <Box component="section" aria-labelledby="reports-tax-log">
          <Typography id="reports-tax-log" variant="h6" component="h2" sx={{ mb: 1 }}>
            {taxLog.label}
          </Typography>
          <ReportRunner fixed={taxLog} prefix="tax_" />
        </Box>
      )}
      <SubscriptionsSection />
      {canEdit && (
        <Box component="section" aria-labelledby="reports-lists">
          <Typography id="reports-lists" variant="h6" component="h2">
            {t('reports.definitions.section')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('reports.definitions.sectionIntro')}
          </Typography>
          {definitions.isError && <Alert severity="error">{describeError(definitions.error, i18n)}</Alert>}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {definitions.data?.map((c) => (
              <Button key={c.client} variant="outlined" onClick={() => update({ lists: c.client })}>
                {t('reports.definitions.open', { client: c.name })}
              </Button>
            ))}
          </Box>
        </Box>
      )}
      {editing && <DefinitionsDialog definition={editing} onClose={() => update({ lists: undefined })} />}
    </Box>
  );
}
