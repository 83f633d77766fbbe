import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_CATEGORIES, type PdfDocument } from '@cd/core';
import { ChoiceFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { useUserSites } from '../../../lib/use-user-sites';
import { DOCUMENT_STATES, documentApi, documentsUrl } from '../api';
import { DocumentForm } from '../components/document-form';
import { StateChip } from '../components/state-chip';
import { formatDate, formatTime } from '../format';

/**
 * /general_pdf_documents (page general_pdf_documents; issue 19): the sites' PDF documents — menus, certificates,
 * licences, policies — with when each expires and whether it is valid, expiring, expired or still without a file;
 * by site, category and state. A document is made first, then its PDF uploaded; each upload is a revision.
 */
export function DocumentsPage() {
  const { t } = useTranslation();
  const url = useUrlState(documentsUrl);
  const { state, update } = url;
  const sites = useUserSites();

  const columns: ResourceColumn<PdfDocument>[] = [
    { id: 'title', header: t('documents.columns.title'), sortable: true, primary: true, cell: (d) => d.title },
    {
      id: 'category',
      header: t('documents.columns.category'),
      sortable: true,
      cell: (d) => t(`documents.category.${d.category}`),
    },
    {
      id: 'site',
      header: t('documents.columns.site'),
      cell: (d) =>
        d.restaurant ? `${sites.nameOf(d.foodcourt)} · ${sites.nameOf(d.restaurant)}` : sites.nameOf(d.foodcourt),
    },
    {
      id: 'expires_on',
      header: t('documents.columns.expires'),
      sortable: true,
      primary: true,
      cell: (d) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <span>{formatDate(d.expires_on)}</span>
          <StateChip state={d.state} />
        </Box>
      ),
    },
    { id: 'revisions', header: t('documents.columns.revisions'), align: 'right', cell: (d) => d.revisions },
    { id: 'updated_at', header: t('documents.columns.updated'), sortable: true, cell: (d) => formatTime(d.updated_at) },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('documents.title')}
        intro={t('documents.intro')}
        api={documentApi}
        url={url}
        columns={columns}
        listLabel={t('documents.listLabel')}
        rowName={(d) => d.title}
        searchLabel={t('documents.search')}
        filters={
          <>
            <TextField
              select
              size="small"
              label={t('documents.columns.site')}
              value={state.foodcourt ?? ''}
              onChange={(event) => update({ foodcourt: event.target.value || undefined, page: undefined })}
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="">{t('resource.filters.all')}</MenuItem>
              {state.foodcourt && !sites.foodcourts.some((f) => f.id === state.foodcourt) && (
                <MenuItem value={state.foodcourt}>{state.foodcourt}</MenuItem>
              )}
              {sites.foodcourts.map((f) => (
                <MenuItem key={f.id} value={f.id}>
                  {f.name}
                </MenuItem>
              ))}
            </TextField>
            <ChoiceFilter
              label={t('documents.columns.category')}
              value={state.category}
              values={DOCUMENT_CATEGORIES}
              name={(c) => t(`documents.category.${c}`)}
              onChange={(category) => update({ category, page: undefined })}
            />
            <ChoiceFilter
              label={t('documents.filters.state')}
              value={state.state}
              values={DOCUMENT_STATES}
              name={(s) => t(`documents.state.${s}`)}
              onChange={(next) => update({ state: next, page: undefined })}
            />
          </>
        }
        empty={t('documents.empty')}
        createLabel={t('documents.add')}
        deletion={{
          title: (d) => t('documents.deleteTitle', { title: d.title }),
          text: (d) =>
            d.revisions > 1 ? t('documents.deleteTextRevisions', { count: d.revisions }) : t('documents.deleteText'),
        }}
        renderForm={(props) => (
          <DocumentForm {...props} onCreated={(id) => update({ edit: String(id), action: undefined })} />
        )}
      />
    </Box>
  );
}
