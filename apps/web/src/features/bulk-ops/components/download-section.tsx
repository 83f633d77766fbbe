import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Download as DownloadIcon } from '../../../components/icons';
import { useTranslation } from 'react-i18next';
import { MultiSelectDropdown } from '../../../components/multi-select-dropdown';
import { TEMPLATE_URL, type StartRequest } from '../api';
import type { RestaurantChoice } from '../../../lib/restaurant-choices';
import { Section } from './section';

type Props = { choices: RestaurantChoice[]; starting: boolean; onStart: (request: StartRequest) => void };

/** Names that occur twice carry their food court, so every option can be told apart. */
function optionsOf(choices: RestaurantChoice[]) {
  const counts = new Map<string, number>();
  for (const c of choices) counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
  return choices.map((c) => ({
    value: c.restaurant,
    label: (counts.get(c.name) ?? 0) > 1 ? `${c.name} (${c.foodcourt})` : c.name,
  }));
}

/** Download restaurants' menus (one workbook each) or the empty template. */
export function DownloadSection({ choices, starting, onStart }: Props) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string[]>([]);
  const options = useMemo(() => optionsOf(choices), [choices]);
  return (
    <Section title={t('bulkOps.download.heading')} hint={t('bulkOps.download.hint')}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box sx={{ minWidth: 280, flex: '0 1 420px' }}>
          <MultiSelectDropdown
            label={t('bulkOps.download.restaurants')}
            options={options}
            value={selected}
            onChange={setSelected}
            selectAll
          />
        </Box>
        <Button
          variant="contained"
          startIcon={<DownloadIcon />}
          disabled={selected.length === 0 || starting}
          onClick={() => onStart({ op: 'download', restaurants: selected })}
        >
          {t('bulkOps.download.submit')}
        </Button>
        <Button variant="outlined" component="a" href={TEMPLATE_URL} download>
          {t('bulkOps.download.template')}
        </Button>
      </Box>
    </Section>
  );
}
