import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ReportRunner } from '../components/report-runner';

/** /production_planning (page production_planning): what was sold per item per session, the base for planning. */
export function ProductionPlanningPage() {
  const { t } = useTranslation();
  const report = useMemo(() => ({ key: 'production_planning', label: t('reports.planning.title') }), [t]);
  return (
    <Box sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="h5" component="h1">
        {report.label}
      </Typography>
      <Typography color="text.secondary">{t('reports.planning.intro')}</Typography>
      <ReportRunner fixed={report} />
    </Box>
  );
}
