import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { COUNTER_SERVICE_FLAGS } from '@cd/core';
import { DetailDrawer, DetailFacts } from '../../../components/resource';
import { describeError } from '../../../lib/server-message';
import { counterApi } from '../api';
import { useSettingsFacts } from '../use-settings-facts';
import { useUserSites } from '../../../lib/use-user-sites';
import { DeviceList } from './device-list';

/** A counter's detail (`?view=ID`): its site, flags and settings, and its devices with their live state. */
export function CounterDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const counter = counterApi.useOne(id);
  const facts = useSettingsFacts();
  const { nameOf } = useUserSites();
  const row = counter.data ?? undefined;
  const flags = row
    ? COUNTER_SERVICE_FLAGS.filter((f) => row.flags[f])
        .map((f) => t(`counters.flag.${f}`))
        .join(', ') || t('counters.none')
    : '';
  return (
    <DetailDrawer
      title={row ? row.name : t('counters.counter.detailTitle')}
      subtitle={
        row?.hidden ? <Chip size="small" color="warning" label={t('counters.counter.hiddenChip')} /> : undefined
      }
      onClose={onClose}
      loading={counter.isLoading}
      error={
        counter.isError
          ? describeError(counter.error, i18n)
          : counter.isSuccess && !row
            ? t('resource.notFound', { id })
            : undefined
      }
      onRetry={() => void counter.refetch()}
    >
      {row && (
        <>
          <DetailFacts
            label={t('counters.counter.facts')}
            facts={[
              [t('counters.counter.foodcourt'), nameOf(row.foodcourt)],
              [t('counters.counter.restaurant'), row.restaurant ? nameOf(row.restaurant) : t('counters.none')],
              [t('counters.counter.type'), t(`counters.type.${row.counter_type}`)],
              [t('counters.counter.flags'), flags],
              ...facts(row.settings),
            ]}
          />
          <DeviceList counter={row} />
        </>
      )}
    </DetailDrawer>
  );
}
