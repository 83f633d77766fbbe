import { PushPin as PushPinIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { NewsPost } from '@cd/core';
import { summariseSelection } from '../../../components';
import { ChoiceFilter, FoodcourtFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { useUserSites } from '../../../lib/use-user-sites';
import { newsPostApi, POST_STATES, postsUrl } from '../api';
import { PostForm } from '../components/post-form';
import { StateChip } from '../components/state-chip';
import { formatCount, formatTime } from '../format';

/**
 * /buzzfeed (page buzzfeed; spec 000 §2.3, issue 19): the news feed the ordering apps show — posts for every site
 * or some, pinned ones first, published at a time and expiring at another — with polls for holders of
 * buzzfeed_polls. ?edit=<id> opens a post (linkable); its poll's results refresh while it is open.
 */
export function PostsPage() {
  const { t } = useTranslation();
  const url = useUrlState(postsUrl);
  const { state, update } = url;
  const sites = useUserSites();
  const columns: ResourceColumn<NewsPost>[] = [
    {
      id: 'title',
      header: t('buzzfeed.columns.title'),
      sortable: true,
      primary: true,
      cell: (p) => (
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          {p.pinned && <PushPinIcon fontSize="inherit" color="primary" titleAccess={t('buzzfeed.pinned')} />}
          {p.title}
        </Box>
      ),
    },
    {
      id: 'sites',
      header: t('buzzfeed.columns.sites'),
      cell: (p) =>
        p.foodcourts.length ? (
          summariseSelection(sites.foodcourtOptions, p.foodcourts, t)
        ) : (
          <Typography variant="body2" color="text.secondary" component="span">
            {t('buzzfeed.allSites')}
          </Typography>
        ),
    },
    { id: 'state', header: t('buzzfeed.columns.state'), cell: (p) => <StateChip state={p.state} /> },
    {
      id: 'publish_at',
      header: t('buzzfeed.columns.publishAt'),
      sortable: true,
      cell: (p) => (p.publish_at ? formatTime(p.publish_at) : t('buzzfeed.atOnce')),
    },
    {
      id: 'votes',
      header: t('buzzfeed.columns.votes'),
      align: 'right',
      cell: (p) => (p.poll ? formatCount(p.poll.votes) : '—'),
    },
    {
      id: 'updated_at',
      header: t('buzzfeed.columns.updated'),
      sortable: true,
      cell: (p) => formatTime(p.updated_at),
    },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('buzzfeed.title')}
        intro={t('buzzfeed.intro')}
        api={newsPostApi}
        url={url}
        columns={columns}
        listLabel={t('buzzfeed.listLabel')}
        rowName={(p) => p.title}
        searchLabel={t('buzzfeed.search')}
        filters={
          <>
            <ChoiceFilter
              label={t('buzzfeed.columns.state')}
              value={state.state}
              values={POST_STATES}
              name={(s) => t(`buzzfeed.state.${s}`)}
              onChange={(s) => update({ state: s, page: undefined })}
            />
            <FoodcourtFilter
              label={t('buzzfeed.site')}
              value={state.foodcourt}
              onChange={(foodcourt) => update({ foodcourt, page: undefined })}
            />
          </>
        }
        empty={t('buzzfeed.empty')}
        createLabel={t('buzzfeed.add')}
        deletion={{
          title: (p) => t('buzzfeed.deleteTitle', { title: p.title }),
          text: (p) => t(p.poll ? 'buzzfeed.deleteTextPoll' : 'buzzfeed.deleteText'),
        }}
        renderForm={(props) => <PostForm {...props} />}
      />
    </Box>
  );
}
