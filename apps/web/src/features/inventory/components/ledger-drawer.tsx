import { useTranslation } from 'react-i18next';
import type { StockLevel } from '@cd/core';
import { DetailDrawer, DetailTable } from '../../../components/resource';
import { formatSyncTime } from '../../../lib/format';
import { describeError } from '../../../lib/server-message';
import { useLedger } from '../api';

/** The item's stock ledger, newest first: what moved, by how much, the balance after, why and who. */
export function LedgerDrawer({ item, onClose }: { item: StockLevel; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const ledger = useLedger(item.foodid);
  return (
    <DetailDrawer
      title={t('inventory.ledger.title', { name: item.foodname })}
      subtitle={t('inventory.ledger.onHand', { value: item.on_hand })}
      onClose={onClose}
      loading={ledger.isPending}
      error={ledger.error ? describeError(ledger.error, i18n) : undefined}
      onRetry={() => void ledger.refetch()}
      width={720}
    >
      {ledger.data && (
        <DetailTable
          title={t('inventory.ledger.entries', { count: ledger.data.total })}
          rows={ledger.data.entries}
          empty={t('inventory.ledger.empty')}
          rowKey={(e) => String(e.id)}
          columns={[
            { header: t('inventory.ledger.when'), cell: (e) => formatSyncTime(e.occurred_at) ?? '' },
            { header: t('inventory.ledger.type'), cell: (e) => t(`inventory.type.${e.entry_type}`) },
            {
              header: t('inventory.ledger.change'),
              align: 'right',
              cell: (e) => (e.quantity > 0 ? `+${e.quantity}` : e.quantity),
            },
            { header: t('inventory.ledger.balance'), align: 'right', cell: (e) => e.balance_after },
            { header: t('inventory.ledger.reason'), cell: (e) => e.reason || e.ref || '' },
            { header: t('inventory.ledger.by'), cell: (e) => e.created_by ?? '' },
          ]}
        />
      )}
    </DetailDrawer>
  );
}
