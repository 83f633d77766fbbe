import { useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { FoodItemSummary } from '@cd/core';
import { ITEM_ROW_HEIGHT, ItemRow } from './item-row';

type Props = {
  items: FoodItemSummary[];
  money: (amount: number) => string;
  pricebook: boolean;
  onOpen: (foodid: string) => void;
  /** Buttons beside each row (Snooze / Back on sale). */
  actions?: (item: FoodItemSummary) => ReactNode;
};

/**
 * The restaurant's items, virtualised: only the rows in view (and a few around them) are in the page, so a
 * menu of thousands of items shows at once and scrolls smoothly (DESIGN.md §7).
 */
export function ItemList({ items, money, pricebook, onOpen, actions }: Props) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ITEM_ROW_HEIGHT,
    overscan: 8,
    // Rows show on the first paint, before the scroll box has been measured.
    initialRect: { width: 1000, height: 640 },
    getItemKey: (index) => items[index]?.foodid ?? index,
  });

  if (items.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ p: 3 }} role="status">
        {t('editMenu.list.empty')}
      </Typography>
    );
  }
  return (
    <Box
      ref={scroller}
      data-testid="menu-item-scroller"
      sx={{ height: 'calc(100vh - 240px)', minHeight: 320, overflowY: 'auto', border: 1, borderColor: 'divider' }}
    >
      <Box
        role="list"
        aria-label={t('editMenu.list.label')}
        sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {virtualizer.getVirtualItems().map((row) => {
          const item = items[row.index]!;
          return (
            <Box
              key={row.key}
              role="listitem"
              aria-setsize={items.length}
              aria-posinset={row.index + 1}
              sx={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
            >
              <ItemRow item={item} money={money} pricebook={pricebook} onOpen={onOpen} actions={actions?.(item)} />
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
