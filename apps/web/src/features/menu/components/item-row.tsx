import { memo, type ReactElement, type ReactNode } from 'react';
import {
  BlockOutlined as BlockOutlinedIcon,
  SnoozeOutlined as SnoozeOutlinedIcon,
  EventBusyOutlined as EventBusyOutlinedIcon,
  VisibilityOffOutlined as VisibilityOffOutlinedIcon,
} from '../../../components/icons';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FoodItemSummary } from '@cd/core';
import { VegBadge } from './veg-badge';

export const ITEM_ROW_HEIGHT = 64;

type Props = {
  item: FoodItemSummary;
  money: (amount: number) => string;
  /** The restaurant sells from a price book: show the item's price-book price when it has one. */
  pricebook: boolean;
  onOpen: (foodid: string) => void;
  /** Buttons beside the row (Snooze / Back on sale), outside the row's own button. */
  actions?: ReactNode;
};

/** A state of the item in words beside an icon (issue 21 point 7): readable without colour, on a phone too. */
function StateMark({ icon, label }: { icon: ReactElement; label: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={icon}
      label={label}
      sx={{ height: 20, flexShrink: 0, fontSize: '0.75rem', '& .MuiChip-icon': { fontSize: 14 } }}
    />
  );
}

/** One line of the item list: thumbnail, name, hidden and unavailable marks, categories, food type and price. */
export const ItemRow = memo(function ItemRow({ item, money, pricebook, onOpen, actions }: Props) {
  const { t } = useTranslation();
  const bookPrice = pricebook && typeof item.pricebook_price === 'number' ? item.pricebook_price : null;
  const snoozed = item.snoozed_until && new Date(item.snoozed_until).getTime() > Date.now() ? item.snoozed_until : null;
  const row = (
    <ButtonBase
      onClick={() => onOpen(item.foodid)}
      // A phone gives the name the row's whole width (issue 35: names were cut to 9 letters): its second line holds
      // the food type and the price before the marks and categories. Wider screens keep one line of columns.
      sx={{
        width: '100%',
        height: ITEM_ROW_HEIGHT,
        px: { xs: 1.5, sm: 2 },
        display: 'grid',
        gridTemplateColumns: { xs: '44px auto auto minmax(0, 1fr)', sm: '44px minmax(0, 1fr) auto 300px' },
        gridTemplateAreas: { xs: '"thumb name name name" "thumb veg price meta"', sm: '"thumb body veg price"' },
        alignItems: 'center',
        alignContent: 'center',
        columnGap: { xs: 1, sm: 2 },
        justifyContent: 'stretch',
        textAlign: 'left',
        borderBottom: 1,
        borderColor: 'divider',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      {item.imageurl ? (
        <Box
          component="img"
          src={item.imageurl}
          alt=""
          loading="lazy"
          sx={{ gridArea: 'thumb', width: 44, height: 44, objectFit: 'cover', borderRadius: 1 }}
        />
      ) : (
        <Box sx={{ gridArea: 'thumb', width: 44, height: 44, borderRadius: 1, bgcolor: 'action.selected' }} />
      )}
      <Box sx={{ display: { xs: 'contents', sm: 'block' }, gridArea: 'body', minWidth: 0 }}>
        <Typography noWrap fontWeight={600} sx={{ gridArea: 'name', minWidth: 0 }}>
          {item.foodname}
        </Typography>
        {/* The states sit before the categories, so a phone keeps both the name's width and the marks in view. */}
        <Box sx={{ gridArea: 'meta', display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
          {item.hide_item && <StateMark icon={<VisibilityOffOutlinedIcon />} label={t('editMenu.list.hidden')} />}
          {item.unavailable && <StateMark icon={<EventBusyOutlinedIcon />} label={t('editMenu.list.unavailable')} />}
          {item.sold_out && <StateMark icon={<BlockOutlinedIcon />} label={t('editMenu.list.soldOut')} />}
          {snoozed && (
            <StateMark
              icon={<SnoozeOutlinedIcon />}
              label={t('editMenu.list.snoozedUntil', { time: dayjs(snoozed).format('HH:mm') })}
            />
          )}
          <Typography noWrap variant="body2" color="text.secondary" sx={{ minWidth: 0 }}>
            {item.listofcategories.join(', ') || t('editMenu.list.noCategory')}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ gridArea: 'veg', display: 'flex' }}>
        <VegBadge flag={item.vegflag} />
      </Box>
      <Box sx={{ gridArea: 'price', textAlign: { xs: 'left', sm: 'right' }, minWidth: 0 }}>
        <Typography fontWeight={600} noWrap sx={{ typography: { xs: 'body2', sm: 'body1' }, fontWeight: 600 }}>
          {money(bookPrice ?? item.price)}
        </Typography>
        {bookPrice !== null && (
          <Typography
            variant="caption"
            color="text.secondary"
            noWrap
            component="div"
            sx={{ display: { xs: 'none', sm: 'block' } }}
          >
            {t('editMenu.pricebookNote', { newPrice: money(bookPrice), oldPrice: money(item.price) })}
          </Typography>
        )}
      </Box>
    </ButtonBase>
  );
  if (!actions) return row;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', height: ITEM_ROW_HEIGHT }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>{row}</Box>
      <Box sx={{ flexShrink: 0, px: 1 }}>{actions}</Box>
    </Box>
  );
});
