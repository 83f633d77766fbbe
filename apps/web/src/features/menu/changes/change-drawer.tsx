import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MenuChangeField, MenuChangePreviewEntry, MenuChangeReport, MenuChangeSet } from '@cd/core';
import { DetailDrawer, DetailFacts, DetailTable } from '../../../components/resource';
import { useNotify } from '../../../components/snackbar';
import { moneyFormatter } from '../../../lib/money';
import { describeError } from '../../../lib/server-message';
import { formatSyncTime } from '../../../lib/format';
import { isCancellable, isOpen, menuChangeApi, useChangePreview, useKeepMine } from './api';
import { ChangeStatusChip } from './status-chip';

/** A time of the API as DD-MM-YYYY HH:mm local time (spec 000 §9), '—' when none. */
const formatTime = (value: string | null | undefined) => formatSyncTime(value) ?? '—';

/** A value of a change-set field in words: a price as money, visibility as shown/hidden, days as the days off. */
export function describeValue(t: TFunction, field: MenuChangeField, value: unknown, money: (n: number) => string) {
  if (value === undefined || value === null) return '—';
  if (field === 'price') return money(Number(value));
  if (field === 'hide_item') return t(value ? 'menuChanges.values.hidden' : 'menuChanges.values.shown');
  if (field === 'daysavailable') {
    const off = Object.entries(value as Record<string, boolean>)
      .filter(([, on]) => on === false)
      .map(([day]) => day);
    return off.length ? t('menuChanges.values.notOn', { days: off.join(', ') }) : t('menuChanges.values.everyDay');
  }
  return String(value);
}

type Props = {
  id: string;
  onClose: () => void;
  /** Opens the page's Publish now or Cancel question for the change. */
  onAction: (change: MenuChangeSet, dialog: 'publish' | 'cancel') => void;
};

/**
 * A change's detail (`?view=<id>`): what it is, then — while it is open — each edit against the live item now
 * (live value, new value, and a conflict where the item was changed since the edit was made: the publish leaves
 * that value unless the user keeps theirs), or — once published or failed — its report, item by item.
 */
export function ChangeDrawer({ id, onClose, onAction }: Props) {
  const { t, i18n } = useTranslation();
  const lookup = menuChangeApi.useOne(id);
  const change = lookup.data ?? undefined;
  const open = change ? isOpen(change) : false;
  const preview = useChangePreview(id, open);
  const money = moneyFormatter();
  const loading = lookup.isLoading || (open && preview.isLoading);
  const error = lookup.isError
    ? describeError(lookup.error, i18n)
    : preview.isError
      ? describeError(preview.error, i18n)
      : undefined;
  return (
    <DetailDrawer
      title={t('menuChanges.detail.title', { name: change?.name ?? id })}
      subtitle={change && <ChangeStatusChip status={change.status} />}
      onClose={onClose}
      loading={loading}
      error={error}
      onRetry={() => void Promise.all([lookup.refetch(), preview.refetch()])}
      width={900}
      actions={
        change && (
          <>
            {open && (
              <Button variant="contained" onClick={() => onAction(change, 'publish')}>
                {t('menuChanges.actions.publishNow')}
              </Button>
            )}
            {isCancellable(change) && (
              <Button color="warning" onClick={() => onAction(change, 'cancel')}>
                {t('menuChanges.actions.cancel')}
              </Button>
            )}
          </>
        )
      }
    >
      {change && (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <DetailFacts
            label={t('menuChanges.detail.facts')}
            facts={[
              [t('menuChanges.columns.restaurant'), change.restaurant_name],
              [
                t('menuChanges.columns.publishAt'),
                change.publish_at ? formatTime(change.publish_at) : t('menuChanges.draftNoTime'),
              ],
              [t('menuChanges.detail.madeBy'), change.created_by ?? '—'],
              [t('menuChanges.columns.items'), String(change.entry_count)],
              ...(change.published_at
                ? [[t('menuChanges.detail.publishedAt'), formatTime(change.published_at)] as [string, string]]
                : []),
            ]}
          />
          {open && preview.data && <PreviewSection change={change} entries={preview.data.entries} money={money} />}
          {change.report && <ReportSection report={change.report} />}
        </Box>
      )}
    </DetailDrawer>
  );
}

type Line = { key: string; entry: MenuChangePreviewEntry; field: MenuChangePreviewEntry['fields'][number] | null };

function PreviewSection(props: {
  change: MenuChangeSet;
  entries: MenuChangePreviewEntry[];
  money: (n: number) => string;
}) {
  const { change, entries, money } = props;
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const keepMine = useKeepMine();
  const conflicts = entries.reduce((n, e) => n + e.fields.filter((f) => f.conflict).length, 0);
  const lines = entries.flatMap((entry): Line[] =>
    entry.exists
      ? entry.fields.map((field) => ({ key: `${entry.foodid}:${field.field}`, entry, field }))
      : [{ key: entry.foodid, entry, field: null }],
  );
  const keep = (foodid: string) =>
    keepMine.mutate(
      { change, foodid },
      {
        onSuccess: () => notify({ severity: 'success', message: t('menuChanges.detail.keptMine') }),
        onError: (error) => notify({ severity: 'error', message: describeError(error, i18n) }),
      },
    );
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {conflicts > 0 ? (
        <Alert severity="warning">{t('menuChanges.detail.conflicts', { count: conflicts })}</Alert>
      ) : (
        <Alert severity="success">{t('menuChanges.detail.noConflicts')}</Alert>
      )}
      {entries
        .filter((e) => e.problems.length)
        .map((e) => (
          <Alert key={e.foodid} severity="error">
            {t('menuChanges.detail.problem', { name: e.foodname, problem: e.problems.join('; ') })}
          </Alert>
        ))}
      <DetailTable<Line>
        title={t('menuChanges.detail.againstLive')}
        rows={lines}
        rowKey={(l) => l.key}
        empty={t('menuChanges.detail.noEdits')}
        columns={[
          { header: t('menuChanges.detail.item'), cell: (l) => l.entry.foodname },
          {
            header: t('menuChanges.detail.field'),
            cell: (l) => (l.field ? t(`menuChanges.fields.${l.field.field}`) : '—'),
          },
          {
            header: t('menuChanges.detail.live'),
            cell: (l) => (l.field ? describeValue(t, l.field.field, l.field.live, money) : '—'),
          },
          {
            header: t('menuChanges.detail.new'),
            cell: (l) => (l.field ? describeValue(t, l.field.field, l.field.draft, money) : '—'),
          },
          {
            header: t('menuChanges.detail.note'),
            cell: (l) =>
              !l.field ? (
                <Chip size="small" color="default" label={t('menuChanges.detail.deleted')} />
              ) : l.field.conflict ? (
                <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
                  <Chip size="small" color="warning" label={t('menuChanges.detail.conflict')} />
                  <Typography variant="caption">
                    {t('menuChanges.detail.changedSince', {
                      was: describeValue(t, l.field.field, l.field.base, money),
                      by: l.entry.changed_by ?? '—',
                      at: formatTime(l.entry.changed_at),
                    })}
                  </Typography>
                  <Button
                    size="small"
                    disabled={keepMine.isPending}
                    onClick={() => keep(l.entry.foodid)}
                    aria-label={t('menuChanges.detail.keepMineOf', { name: l.entry.foodname })}
                  >
                    {t('menuChanges.detail.keepMine')}
                  </Button>
                </Box>
              ) : (
                ''
              ),
          },
        ]}
      />
    </Box>
  );
}

function ReportSection({ report }: { report: MenuChangeReport }) {
  const { t } = useTranslation();
  type Item = MenuChangeReport['items'][number];
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Alert severity={report.outcome === 'published' ? 'success' : 'error'}>
        <Typography fontWeight={600}>
          {t(report.trigger === 'schedule' ? 'menuChanges.report.bySchedule' : 'menuChanges.report.byHand', {
            at: formatTime(report.at),
            by: report.by,
          })}
        </Typography>
        {report.message}
      </Alert>
      <DetailTable<Item>
        title={t('menuChanges.report.title')}
        rows={report.items}
        rowKey={(i) => i.foodid}
        empty={t('menuChanges.report.noItems')}
        columns={[
          { header: t('menuChanges.detail.item'), cell: (i) => i.foodname },
          { header: t('menuChanges.report.outcome'), cell: (i) => t(`menuChanges.outcome.${i.outcome}`) },
          {
            header: t('menuChanges.report.applied'),
            cell: (i) => i.applied.map((f) => t(`menuChanges.fields.${f}`)).join(', ') || '—',
          },
          {
            header: t('menuChanges.report.left'),
            cell: (i) =>
              [...i.conflicts.map((c) => t(`menuChanges.fields.${c.field}`)), ...(i.message ? [i.message] : [])].join(
                '; ',
              ) || '—',
          },
        ]}
      />
    </Box>
  );
}
