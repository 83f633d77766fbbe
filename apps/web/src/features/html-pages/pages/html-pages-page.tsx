import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { HTML_PAGE_STATUSES, type HtmlPage } from '@cd/core';
import {
  ChoiceFilter,
  FoodcourtFilter,
  LastChanged,
  ResourceListPage,
  type ResourceColumn,
} from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { useUserSites } from '../../../lib/use-user-sites';
import { htmlPageApi, htmlPagesUrl } from '../api';
import { HtmlPageEditor } from '../components/html-page-editor';
import { StatusChips } from '../components/status-chips';

/**
 * /htmlmanager (page htmlmanager; spec 000 §2.3, issue 19): the HTML pages the ordering apps show by their address
 * name (terms, help, allergen notes), for every site or one; each edited in a rich-text editor, saved as drafts
 * with every revision kept, published and unpublished. ?edit=<id> opens a page's editor (linkable).
 */
export function HtmlPagesPage() {
  const { t } = useTranslation();
  const url = useUrlState(htmlPagesUrl);
  const { state, update } = url;
  const sites = useUserSites();
  // The save that created a page removed markup: its editor, reopened as that page's, says so.
  const [cleanedOnCreate, setCleanedOnCreate] = useState<number | null>(null);

  const columns: ResourceColumn<HtmlPage>[] = [
    { id: 'title', header: t('htmlmanager.columns.title'), sortable: true, primary: true, cell: (p) => p.title },
    {
      id: 'slug',
      header: t('htmlmanager.columns.slug'),
      sortable: true,
      cell: (p) => (
        <Box component="span" sx={{ fontFamily: 'monospace' }}>
          {p.slug}
        </Box>
      ),
    },
    {
      id: 'site',
      header: t('htmlmanager.columns.site'),
      cell: (p) =>
        p.foodcourt ? (
          sites.nameOf(p.foodcourt)
        ) : (
          <Typography variant="body2" color="text.secondary" component="span">
            {t('htmlmanager.allSites')}
          </Typography>
        ),
    },
    { id: 'status', header: t('htmlmanager.columns.status'), sortable: true, cell: (p) => <StatusChips page={p} /> },
    {
      id: 'updated_at',
      header: t('htmlmanager.columns.updated'),
      sortable: true,
      cell: (p) => <LastChanged row={p} />,
    },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('htmlmanager.title')}
        intro={t('htmlmanager.intro')}
        api={htmlPageApi}
        url={url}
        columns={columns}
        listLabel={t('htmlmanager.listLabel')}
        rowName={(p) => p.title}
        searchLabel={t('htmlmanager.search')}
        filters={
          <>
            <ChoiceFilter
              label={t('htmlmanager.columns.status')}
              value={state.status}
              values={HTML_PAGE_STATUSES}
              name={(status) => t(`htmlmanager.status.${status}`)}
              onChange={(status) => update({ status, page: undefined })}
            />
            <FoodcourtFilter
              label={t('htmlmanager.columns.site')}
              value={state.foodcourt}
              onChange={(foodcourt) => update({ foodcourt, page: undefined })}
            />
          </>
        }
        empty={t('htmlmanager.empty')}
        createLabel={t('htmlmanager.add')}
        deletion={{
          title: (p) => t('htmlmanager.deleteTitle', { title: p.title }),
          text: (p) =>
            t(p.status === 'published' ? 'htmlmanager.deleteTextLive' : 'htmlmanager.deleteText', { slug: p.slug }),
        }}
        renderForm={(props) => (
          <HtmlPageEditor
            {...props}
            cleanedOnCreate={props.row !== undefined && props.row.id === cleanedOnCreate}
            onCreated={(page, cleaned) => {
              setCleanedOnCreate(cleaned ? page.id : null);
              update({ action: undefined, edit: String(page.id) }, { replace: true });
            }}
          />
        )}
      />
    </Box>
  );
}
