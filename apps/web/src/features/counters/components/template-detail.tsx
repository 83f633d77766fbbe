import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DetailDrawer, DetailFacts, DetailTable } from '../../../components/resource';
import { useSnackbar } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { useUserSites } from '../../../lib/use-user-sites';
import { useSyncTemplate, useTemplateCounters, type TemplateCounters } from '../api';
import { useSettingsFacts } from '../use-settings-facts';

type Row = TemplateCounters['counters'][number];

/**
 * A template's detail (`?view=ID`): its settings, the counters made from it and the settings on which each
 * differs; the chosen counters take the template's settings (POST /sync_counter_template), then the list is
 * read again.
 */
export function TemplateDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const sites = useUserSites();
  const snackbar = useSnackbar();
  const detail = useTemplateCounters(id);
  const sync = useSyncTemplate();
  const [chosen, setChosen] = useState<number[]>([]);
  const [failure, setFailure] = useState('');
  const facts = useSettingsFacts();
  const template = detail.data?.template;
  const counters = detail.data?.counters ?? [];
  const differing = counters.filter((c) => c.differs.length > 0).map((c) => c.counter_id);

  const toggle = (counterId: number, on: boolean) =>
    setChosen((current) => (on ? [...current, counterId] : current.filter((c) => c !== counterId)));
  const apply = () => {
    if (!template) return;
    setFailure('');
    sync.mutate(
      { template_id: template.id, counter_ids: chosen },
      {
        onSuccess: (answer) => {
          snackbar.show(answer.message || t('counters.templates.synced', { count: answer.counters }), 'success');
          setChosen([]);
        },
        onError: (error) => setFailure(describeError(error, i18n)),
      },
    );
  };

  return (
    <DetailDrawer
      title={template ? template.name : t('counters.templates.detailTitle')}
      subtitle={template && t('counters.templates.usedBy', { count: counters.length })}
      onClose={onClose}
      loading={detail.isLoading}
      error={detail.isError ? describeError(detail.error, i18n) : undefined}
      onRetry={() => void detail.refetch()}
    >
      {template && (
        <>
          <DetailFacts label={t('counters.settings.title')} facts={facts(template.settings)} />
          <DetailTable<Row>
            title={t('counters.templates.countersTitle')}
            rows={counters}
            rowKey={(c) => String(c.counter_id)}
            empty={t('counters.templates.noCounters')}
            selected={(c) => chosen.includes(c.counter_id)}
            columns={[
              {
                header: t('counters.templates.choose'),
                cell: (c) => (
                  <Checkbox
                    checked={chosen.includes(c.counter_id)}
                    onChange={(event) => toggle(c.counter_id, event.target.checked)}
                    slotProps={{ input: { 'aria-label': t('counters.templates.chooseCounter', { name: c.name }) } }}
                  />
                ),
              },
              { header: t('counters.counter.name'), cell: (c) => c.name },
              { header: t('counters.counter.foodcourt'), cell: (c) => sites.nameOf(c.foodcourt) },
              {
                header: t('counters.templates.differs'),
                cell: (c) =>
                  c.differs.length === 0 ? (
                    <Typography variant="body2" color="text.secondary">
                      {t('counters.templates.same')}
                    </Typography>
                  ) : (
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                      {c.differs.map((name) => (
                        <Chip
                          key={name}
                          size="small"
                          color="warning"
                          variant="outlined"
                          label={t(`counters.settingName.${name}`, { defaultValue: name })}
                        />
                      ))}
                    </Box>
                  ),
              },
            ]}
          />
          {failure && (
            <Typography role="alert" color="error">
              {failure}
            </Typography>
          )}
          {counters.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button disabled={differing.length === 0} onClick={() => setChosen(differing)}>
                {t('counters.templates.chooseDiffering', { count: differing.length })}
              </Button>
              <Button variant="contained" disabled={chosen.length === 0 || sync.isPending} onClick={apply}>
                {t('counters.templates.apply', { count: chosen.length })}
              </Button>
            </Box>
          )}
        </>
      )}
    </DetailDrawer>
  );
}
