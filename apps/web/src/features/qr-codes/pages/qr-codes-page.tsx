import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import { useTranslation } from 'react-i18next';
import { QR_TARGET_TYPES } from '@cd/core';
import { ChoiceFilter, ResourceListPage, SiteFilter, type ResourceColumn } from '../../../components/resource';
import { formatSyncTime } from '../../../lib/format';
import { listQueryOf } from '../../../lib/list-url-state';
import { useUrlState } from '../../../lib/url-state';
import { qrApi, qrUrl, type QrCode } from '../api';
import { ImageButtons, LinkCell } from '../components/code-cells';
import { MakeCodesDialog } from '../components/make-codes-dialog';
import { SelectionBar } from '../components/selection-bar';
import { useSiteNames } from '../use-place';

/**
 * /qrGeneration (page qrGeneration; spec 000 §2.3, issue 16): a food court's QR codes for tables, counters and
 * collection points, each carrying a signed short link; Make codes from a range or a list of labels; download
 * one as PNG or SVG, or the chosen ones as a print sheet (PDF) or a zip of PNG and SVG.
 */
export function QrCodesPage() {
  const { t } = useTranslation();
  const url = useUrlState(qrUrl);
  const { state, update } = url;
  const nameOf = useSiteNames();
  const foodcourt = state.foodcourt;
  const [chosen, setChosen] = useState<number[]>([]);
  useEffect(() => setChosen([]), [foodcourt]);

  // The whole filtered list (every page; the same answer the table pages through) for "Choose all".
  const { page: _p, page_size: _s, ...filtered } = listQueryOf(state);
  const all = qrApi.useList(filtered, Boolean(foodcourt)).data?.rows ?? [];
  const toggle = (id: number, on: boolean) => setChosen((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));

  const columns: ResourceColumn<QrCode>[] = [
    {
      id: 'choose',
      header: t('qrCodes.choose'),
      cell: (c) => (
        <Checkbox
          size="small"
          checked={chosen.includes(c.id)}
          onChange={(event) => toggle(c.id, event.target.checked)}
          slotProps={{ input: { 'aria-label': t('qrCodes.chooseOne', { label: c.label }) } }}
        />
      ),
    },
    { id: 'label', header: t('qrCodes.label'), sortable: true, primary: true, cell: (c) => c.label },
    {
      id: 'target_type',
      header: t('qrCodes.typeHeader'),
      sortable: true,
      cell: (c) => t(`qrCodes.type.${c.target_type}`),
    },
    {
      id: 'restaurant',
      header: t('qrCodes.restaurant'),
      cell: (c) => nameOf(c.restaurant) || t('qrCodes.wholeFoodcourt'),
    },
    { id: 'link', header: t('qrCodes.link'), cell: (c) => <LinkCell code={c} /> },
    { id: 'created_at', header: t('qrCodes.created'), sortable: true, cell: (c) => formatSyncTime(c.created_at) ?? '' },
  ];
  const place = [nameOf(foodcourt), nameOf(state.restaurant)].filter(Boolean).join(' · ');

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <ResourceListPage
        title={t('qrCodes.title')}
        intro={t('qrCodes.intro')}
        api={qrApi}
        url={url}
        enabled={Boolean(foodcourt)}
        columns={columns}
        listLabel={t('qrCodes.listLabel')}
        rowName={(c) => c.label}
        searchLabel={t('qrCodes.search')}
        filters={
          <>
            <SiteFilter
              foodcourt={foodcourt}
              restaurant={state.restaurant}
              onChange={(site) => update({ ...site, page: undefined })}
            />
            <ChoiceFilter
              label={t('qrCodes.typeHeader')}
              value={state.type}
              values={QR_TARGET_TYPES}
              name={(v) => t(`qrCodes.type.${v}`)}
              onChange={(type) => update({ type, page: undefined })}
              minWidth={180}
            />
            {foodcourt && <SelectionBar chosen={chosen} all={all.map((c) => c.id)} onChoose={setChosen} />}
          </>
        }
        empty={foodcourt ? t('qrCodes.empty') : t('qrCodes.pickFoodcourt')}
        exportable={false}
        createLabel={t('qrCodes.make.open')}
        canCreate={Boolean(foodcourt)}
        canEdit={() => false}
        rowActions={(c) => <ImageButtons code={c} />}
        renderForm={({ row, onClose }) =>
          row || !foodcourt ? null : (
            <MakeCodesDialog
              foodcourt={foodcourt}
              restaurant={state.restaurant ?? null}
              place={place}
              onClose={onClose}
              onChoose={(codes) => setChosen(codes.map((c) => c.id))}
            />
          )
        }
      />
    </Box>
  );
}
