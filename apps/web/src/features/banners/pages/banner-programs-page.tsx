import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { BANNER_SLOTS, BANNER_STATUSES, programLive, type BannerProgram } from '@cd/core';
import { ChoiceFilter, ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { useUrlState } from '../../../lib/url-state';
import { useUserSites } from '../../../lib/use-user-sites';
import { bannerProgramApi, bannerProgramsUrl } from '../api';
import { ProgramForm } from '../components/program-form';
import { formatTime } from '../format';
import { useCanEditBanners } from '../permissions';

const STATUS_COLOUR: Record<BannerProgram['status'], ChipProps['color']> = {
  draft: 'default',
  active: 'success',
  paused: 'warning',
};

/**
 * /bannerPrograms (page bannerPrograms): the banner programs with their slot, sites, channels, status ("Live
 * now" while active and in its window), banners and priority; filtered by slot, status and site; added and
 * edited in a wide drawer with the banners in order and a preview. Without banner_editProgramAccess (or admin)
 * the page is read only: no Add, no Delete, and each program opens to be looked at and previewed.
 */
export function BannerProgramsPage() {
  const { t } = useTranslation();
  const url = useUrlState(bannerProgramsUrl);
  const { state, update } = url;
  const sites = useUserSites();
  const canEdit = useCanEditBanners();

  const columns: ResourceColumn<BannerProgram>[] = [
    { id: 'name', header: t('banners.columns.name'), sortable: true, primary: true, cell: (p) => p.name },
    { id: 'slot', header: t('banners.columns.slot'), sortable: true, cell: (p) => t(`banners.slot.${p.slot}`) },
    {
      id: 'sites',
      header: t('banners.columns.sites'),
      cell: (p) =>
        p.foodcourts.length ? p.foodcourts.map((id) => sites.nameOf(id)).join(', ') : t('banners.allSites'),
    },
    {
      id: 'channels',
      header: t('banners.columns.channels'),
      cell: (p) => p.channels.map((c) => t(`banners.channel.${c}`)).join(', '),
    },
    {
      id: 'status',
      header: t('banners.columns.status'),
      primary: true,
      cell: (p) => (
        <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
          <Chip size="small" color={STATUS_COLOUR[p.status]} label={t(`banners.status.${p.status}`)} />
          {programLive(p) && <Chip size="small" color="info" variant="outlined" label={t('banners.liveNow')} />}
        </Stack>
      ),
    },
    { id: 'banners', header: t('banners.columns.banners'), align: 'right', cell: (p) => p.banners.length },
    { id: 'priority', header: t('banners.columns.priority'), sortable: true, align: 'right', cell: (p) => p.priority },
    { id: 'updated_at', header: t('banners.columns.updated'), sortable: true, cell: (p) => formatTime(p.updated_at) },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('banners.title')}
        intro={t('banners.intro')}
        api={bannerProgramApi}
        url={url}
        columns={columns}
        listLabel={t('banners.listLabel')}
        rowName={(p) => p.name}
        searchLabel={t('banners.search')}
        filters={
          <>
            <ChoiceFilter
              label={t('banners.columns.slot')}
              value={state.slot}
              values={BANNER_SLOTS}
              name={(s) => t(`banners.slot.${s}`)}
              onChange={(slot) => update({ slot, page: undefined })}
            />
            <ChoiceFilter
              label={t('banners.columns.status')}
              value={state.status}
              values={BANNER_STATUSES}
              name={(s) => t(`banners.status.${s}`)}
              onChange={(status) => update({ status, page: undefined })}
            />
            <ChoiceFilter
              label={t('banners.filters.site')}
              value={state.foodcourt}
              values={sites.foodcourts.map((f) => f.id)}
              name={(id) => sites.nameOf(id)}
              minWidth={200}
              onChange={(foodcourt) => update({ foodcourt, page: undefined })}
            />
          </>
        }
        empty={t('banners.empty')}
        createLabel={t('banners.add')}
        canCreate={canEdit}
        editLabel={canEdit ? undefined : (p) => t('banners.view', { name: p.name })}
        deletion={
          canEdit
            ? {
                title: (p) => t('banners.deleteTitle', { name: p.name }),
                text: (p) => (programLive(p) ? t('banners.deleteTextLive') : t('banners.deleteText')),
              }
            : undefined
        }
        renderForm={(props) => <ProgramForm {...props} readOnly={!canEdit} />}
      />
    </Box>
  );
}
