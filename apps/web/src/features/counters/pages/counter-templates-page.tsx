import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { CounterTemplate } from '@cd/core';
import { ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { ApiError } from '../../../lib/api-client';
import { useUrlState } from '../../../lib/url-state';
import { templateApi, templatesUrl } from '../api';
import { TemplateDetail } from '../components/template-detail';
import { TemplateForm } from '../components/template-form';
import { formatTime } from '../format';

/**
 * /counterTemplate (page counterTemplate; spec 000 §2.3, §3): templates of counter settings. A template's detail
 * lists the counters made from it, the settings on which each differs, and applies it to the chosen ones.
 */
export function CounterTemplatesPage() {
  const { t } = useTranslation();
  const url = useUrlState(templatesUrl);
  const columns: ResourceColumn<CounterTemplate>[] = [
    { id: 'name', header: t('counters.templates.name'), sortable: true, primary: true, cell: (c) => c.name },
    { id: 'mode', header: t('counters.settings.mode'), cell: (c) => t(`counters.mode.${c.settings.mode}`) },
    {
      id: 'channels',
      header: t('counters.settings.channels'),
      cell: (c) => c.settings.channels.map((ch) => t(`counters.channel.${ch}`)).join(', ') || t('counters.none'),
    },
    {
      id: 'counters',
      header: t('counters.templates.counters'),
      sortable: true,
      align: 'right',
      cell: (c) => c.counters,
    },
    { id: 'updated_at', header: t('counters.updated'), sortable: true, cell: (c) => formatTime(c.updated_at) },
  ];
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('counters.templates.title')}
        intro={t('counters.templates.intro')}
        api={templateApi}
        url={url}
        columns={columns}
        listLabel={t('counters.templates.listLabel')}
        rowName={(c) => c.name}
        searchLabel={t('counters.templates.search')}
        empty={t('counters.templates.empty')}
        exportable={false}
        createLabel={t('counters.templates.add')}
        detail={{
          label: (c) => t('counters.templates.open', { name: c.name }),
          render: (props) => <TemplateDetail {...props} />,
        }}
        deletion={{
          blockedBecause: (c) => (c.counters > 0 ? t('counters.templates.inUse', { count: c.counters }) : ''),
          title: (c) => t('counters.templates.deleteTitle', { name: c.name }),
          text: () => t('counters.templates.deleteText'),
          failure: (error) =>
            error instanceof ApiError && error.code === 'templateInUse'
              ? { title: t('counters.templates.inUseTitle'), text: error.serverMessage }
              : null,
        }}
        renderForm={(props) => <TemplateForm {...props} />}
      />
    </Box>
  );
}
