import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { formatMoney, type Region } from '@cd/core';
import { useTranslation } from 'react-i18next';

export const SAMPLE_AMOUNT = 1234.5;

/** Which regional deployment this is (spec 000 §1, §9) and how it writes money. */
export function RegionCard({ region }: { region: Region }) {
  const { t } = useTranslation();
  const rows: [string, string, string?][] = [
    [t('region.name'), region.name],
    [t('region.environment'), t(`region.environments.${region.environment}`)],
    [t('region.currency'), region.currency],
    [t('region.sample'), formatMoney(SAMPLE_AMOUNT, region), 'currency-sample'],
  ];
  return (
    <Card variant="outlined" sx={{ maxWidth: 360 }} component="section" aria-labelledby="region-card-title">
      <CardContent>
        <Typography id="region-card-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('region.title')}
        </Typography>
        <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 16, rowGap: 4, margin: 0 }}>
          {rows.map(([label, value, testId]) => (
            <div key={label} style={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" data-testid={testId} sx={{ m: 0, fontWeight: 600 }}>
                {value}
              </Typography>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
