import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isSingleKind, MAX_ASSIGN_ITEMS, type Classification, type ClassifiedItem } from '@cd/core';
import { SearchField } from '../../../components/resource';
import { describeError } from '../../../lib/server-message';
import { useUserSites } from '../../../lib/use-user-sites';
import { useAssign, useRestaurantItems, type AssignAnswer } from '../api';

/** Items shown at once; a search narrows a longer menu. */
const SHOWN = 200;

type Props = { classification: Classification; onAssigned: (answer: AssignAnswer) => void; onCancel: () => void };

/**
 * Assign items: choose a restaurant, search its items, tick many (or "Select all shown") and assign them in one
 * request. Each item says what it has of this kind now, so moving it from another sales category is no surprise.
 */
export function AssignPanel({ classification, onAssigned, onCancel }: Props) {
  const { t, i18n } = useTranslation();
  const { restaurantOptions } = useUserSites();
  const options = restaurantOptions();
  const [restaurant, setRestaurant] = useState(options.length === 1 ? options[0]!.value : '');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const items = useRestaurantItems(restaurant, search, SHOWN);
  const assign = useAssign(classification.id);
  const shown = items.data?.items ?? [];
  const allShown = shown.length > 0 && shown.every((i) => chosen.has(i.foodid));
  const single = isSingleKind(classification.kind);

  const toggle = (foodid: string) =>
    setChosen((before) => {
      const next = new Set(before);
      if (next.has(foodid)) next.delete(foodid);
      else next.add(foodid);
      return next;
    });
  const toggleShown = () =>
    setChosen((before) => {
      const next = new Set(before);
      for (const i of shown) {
        if (allShown) next.delete(i.foodid);
        else next.add(i.foodid);
      }
      return next;
    });
  const now = (item: ClassifiedItem) => {
    const has = item.classifications ?? [];
    if (has.some((c) => c.id === classification.id)) return t('classifications.assign.already');
    const same = has.filter((c) => c.kind === classification.kind).map((c) => c.name);
    if (same.length === 0) return '';
    return single ? t('classifications.assign.movesFrom', { name: same[0] }) : same.join(', ');
  };

  return (
    <Box
      component="section"
      aria-label={t('classifications.assign.title')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography variant="h6" component="h3">
        {t('classifications.assign.title')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('classifications.restaurant')}
          value={restaurant}
          onChange={(event) => {
            setRestaurant(event.target.value);
            setChosen(new Set());
          }}
          sx={{ minWidth: 260 }}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        {restaurant && <SearchField label={t('classifications.searchItems')} value={search} onSearch={setSearch} />}
      </Box>
      {!restaurant && <Typography color="text.secondary">{t('classifications.assign.chooseRestaurant')}</Typography>}
      {items.isError && <Alert severity="error">{describeError(items.error, i18n)}</Alert>}
      {restaurant && items.data && (
        <>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={allShown}
                  indeterminate={!allShown && shown.some((i) => chosen.has(i.foodid))}
                  onChange={toggleShown}
                  disabled={shown.length === 0}
                />
              }
              label={t('classifications.assign.selectAllShown')}
            />
            <Typography variant="body2" color="text.secondary">
              {items.data.total > shown.length
                ? t('classifications.assign.showing', { shown: shown.length, total: items.data.total })
                : t('classifications.assign.count', { count: items.data.total })}
            </Typography>
          </Box>
          {items.isFetching && <LinearProgress />}
          <List dense aria-label={t('classifications.assign.itemsLabel')} sx={{ maxHeight: 420, overflow: 'auto' }}>
            {shown.length === 0 && (
              <ListItem>
                <ListItemText primary={search ? t('resource.noMatches') : t('classifications.assign.noItems')} />
              </ListItem>
            )}
            {shown.map((item) => {
              const labelId = `assign-${item.foodid}`;
              return (
                <ListItem key={item.foodid} disablePadding>
                  <ListItemButton onClick={() => toggle(item.foodid)} dense>
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <Checkbox
                        edge="start"
                        checked={chosen.has(item.foodid)}
                        tabIndex={-1}
                        disableRipple
                        slotProps={{ input: { 'aria-labelledby': labelId } }}
                      />
                    </ListItemIcon>
                    <ListItemText id={labelId} primary={item.foodname} secondary={now(item) || undefined} />
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
        </>
      )}
      {assign.isError && <Alert severity="error">{describeError(assign.error, i18n)}</Alert>}
      {chosen.size > MAX_ASSIGN_ITEMS && (
        <Alert severity="warning">{t('classifications.assign.tooMany', { max: MAX_ASSIGN_ITEMS })}</Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{t('classifications.assign.cancel')}</Button>
        <Button
          variant="contained"
          disabled={chosen.size === 0 || chosen.size > MAX_ASSIGN_ITEMS || assign.isPending}
          onClick={() => assign.mutate({ foodids: [...chosen], mode: 'add' }, { onSuccess: onAssigned })}
        >
          {t('classifications.assign.submit', { count: chosen.size })}
        </Button>
      </Box>
    </Box>
  );
}
