import { useState, type ReactNode } from 'react';
import { ExpandLess as ExpandLessIcon, ExpandMore as ExpandMoreIcon } from '../../../components/icons';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { FoodcourtNode, LocationNode, UserSites } from '@cd/core';
import {
  foodcourtsOf,
  foodcourtState,
  locationState,
  restaurantChecked,
  toggleFoodcourt,
  toggleLocation,
  toggleRestaurant,
  type CheckState,
  type SiteGrants,
} from '../site-selection';

type Props = {
  value: UserSites;
  onChange: (next: UserSites) => void;
  /** The editor's own sites: location → food courts → restaurants. */
  tree: LocationNode[];
  grants: SiteGrants;
  error?: string;
  disabled?: boolean;
};

const matches = (name: string, query: string) => name.toLowerCase().includes(query);

/** Tri-state tree of the editor's sites; ticking a location (or food court) gives all of it. */
export function SitesPicker({ value, onChange, tree, grants, error, disabled = false }: Props) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [filter, setFilter] = useState('');
  const query = filter.trim().toLowerCase();

  const isOpen = (id: string) => query !== '' || expanded.has(id);
  const toggleOpen = (id: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const fcVisible = (fc: FoodcourtNode) =>
    matches(fc.name, query) || fc.restaurants.some((r) => matches(r.name, query));
  const locVisible = (loc: LocationNode) => matches(loc.name, query) || foodcourtsOf(loc).some(fcVisible);

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('users.sites.summary', {
          locations: value.locations.length,
          foodcourts: value.foodcourts.length,
          restaurants: value.restaurants.length,
        })}
      </Typography>
      <TextField
        size="small"
        label={t('users.sites.find')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        sx={{ mb: 1, minWidth: 260 }}
      />
      {error && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
      {tree.length === 0 && <Typography color="text.secondary">{t('users.sites.none')}</Typography>}
      <Box role="group" aria-label={t('users.sites.title')}>
        {tree.filter(locVisible).map((loc) => (
          <TreeRow
            key={loc.location}
            depth={0}
            label={loc.name}
            state={locationState(value, loc, grants)}
            whole={value.locations.includes(loc.location)}
            disabled={disabled}
            open={isOpen(loc.location)}
            onOpen={() => toggleOpen(loc.location)}
            onToggle={() => onChange(toggleLocation(value, loc, grants))}
          >
            {foodcourtsOf(loc)
              .filter((fc) => matches(loc.name, query) || fcVisible(fc))
              .map((fc) => (
                <TreeRow
                  key={fc.foodcourt}
                  depth={1}
                  label={fc.name}
                  state={foodcourtState(value, loc, fc, grants)}
                  whole={value.foodcourts.includes(fc.foodcourt)}
                  disabled={disabled}
                  open={isOpen(fc.foodcourt)}
                  onOpen={() => toggleOpen(fc.foodcourt)}
                  onToggle={() => onChange(toggleFoodcourt(value, loc, fc, grants))}
                >
                  {fc.restaurants.map((r) => (
                    <TreeRow
                      key={r.restaurant}
                      depth={2}
                      label={r.name}
                      state={restaurantChecked(value, loc, fc, r.restaurant) ? 'checked' : 'unchecked'}
                      disabled={disabled}
                      onToggle={() => onChange(toggleRestaurant(value, loc, fc, r.restaurant, grants))}
                    />
                  ))}
                </TreeRow>
              ))}
          </TreeRow>
        ))}
      </Box>
    </Box>
  );
}

type RowProps = {
  depth: number;
  label: string;
  state: CheckState;
  whole?: boolean;
  disabled: boolean;
  open?: boolean;
  onOpen?: () => void;
  onToggle: () => void;
  children?: ReactNode;
};

function TreeRow({ depth, label, state, whole, disabled, open, onOpen, onToggle, children }: RowProps) {
  const { t } = useTranslation();
  const hasChildren = onOpen !== undefined;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 4 + (hasChildren ? 0 : 5) }}>
        {hasChildren && (
          <IconButton
            size="small"
            onClick={onOpen}
            aria-expanded={open}
            aria-label={t(open ? 'users.sites.collapse' : 'users.sites.expand', { name: label })}
          >
            {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          </IconButton>
        )}
        <FormControlLabel
          control={
            <Checkbox
              checked={state === 'checked'}
              indeterminate={state === 'indeterminate'}
              disabled={disabled}
              onChange={onToggle}
            />
          }
          label={label}
        />
        {whole && (
          <Typography variant="caption" color="text.secondary">
            {t('users.sites.whole')}
          </Typography>
        )}
      </Box>
      {hasChildren && open && <Box>{children}</Box>}
    </Box>
  );
}
