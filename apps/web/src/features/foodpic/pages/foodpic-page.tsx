import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useUrlState } from '../../../lib/url-state';
import { foodpicUrl, type FoodpicTab } from '../api';
import { CommonImages } from '../components/common-images';
import { MatchPictures } from '../components/match-pictures';

/**
 * /foodpic_dashboard ("upload images"): two tabs, kept in the address (`?tab=common`). Match pictures to items:
 * many pictures of one restaurant, matched to its items by file name (item id, else name), checked and applied
 * in one go. Common item images: the library of pictures any restaurant's items may use.
 */
export function FoodpicPage() {
  const { t } = useTranslation();
  const { state, update } = useUrlState(foodpicUrl);
  const tab = state.tab;
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('foodpic.title')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_event, next: FoodpicTab) => update({ tab: next })}
        aria-label={t('foodpic.tabs')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="match" label={t('foodpic.match.tab')} id="foodpic-tab-match" aria-controls="foodpic-panel-match" />
        <Tab
          value="common"
          label={t('foodpic.common.tab')}
          id="foodpic-tab-common"
          aria-controls="foodpic-panel-common"
        />
      </Tabs>
      <Box role="tabpanel" id={`foodpic-panel-${tab}`} aria-labelledby={`foodpic-tab-${tab}`}>
        {tab === 'match' ? (
          <MatchPictures restaurant={state.restaurant} onRestaurant={(restaurant) => update({ restaurant })} />
        ) : (
          <CommonImages />
        )}
      </Box>
    </Box>
  );
}
