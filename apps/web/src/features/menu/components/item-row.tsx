import { memo } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
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
};

/** One line of the item list: thumbnail, name, categories, food type, hidden mark and price. */
export const ItemRow = memo(function ItemRow({ item, money, pricebook, onOpen }: Props) {
  const { t } = useTranslation();
  const bookPrice = pricebook && typeof item.pricebook_price === 'number' ? item.pricebook_price : null;
  return (
    <ButtonBase
      onClick={() => onOpen(item.foodid)}
      sx={{
        width: '100%',
        height: ITEM_ROW_HEIGHT,
        px: { xs: 1.5, sm: 2 },
        gap: { xs: 1, sm: 2 },
        justifyContent: 'flex-start',
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
          sx={{ width: 44, height: 44, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
        />
      ) : (
        <Box sx={{ width: 44, height: 44, borderRadius: 1, bgcolor: 'action.selected', flexShrink: 0 }} />
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography noWrap fontWeight={600}>
          {item.foodname}
        </Typography>
        <Typography noWrap variant="body2" color="text.secondary">
          {item.listofcategories.join(', ') || t('editMenu.list.noCategory')}
        </Typography>
      </Box>
      <VegBadge flag={item.vegflag} />
      {item.hide_item && <Chip size="small" label={t('editMenu.list.hidden')} />}
      {/* A phone keeps the name readable: the price column takes what it needs, not 300 px. */}
      <Box
        sx={{ width: { xs: 'auto', sm: 300 }, maxWidth: { xs: '38%', sm: 'none' }, textAlign: 'right', flexShrink: 0 }}
      >
        <Typography fontWeight={600} noWrap>
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
});
