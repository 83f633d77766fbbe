import { useRef, useState, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { UploadFile as UploadFileIcon } from '../../../components/icons';
import { useTranslation } from 'react-i18next';
import type { StartRequest } from '../api';
import { RestaurantPicker } from '../../../components';
import type { RestaurantChoice } from '../../../lib/restaurant-choices';
import { Section } from './section';

type Props = {
  choices: RestaurantChoice[];
  /** Offers the nutrition upload too (fine permission bulk_nutrition_upload). */
  nutrition: boolean;
  starting: boolean;
  onStart: (request: StartRequest, done: () => void) => void;
};

const isXlsx = (file: File) => file.name.toLowerCase().endsWith('.xlsx');

/** Upload an edited workbook (menu, or nutrition) for one restaurant. */
export function UploadSection({ choices, nutrition, starting, onStart }: Props) {
  const { t } = useTranslation();
  const [restaurant, setRestaurant] = useState<string>();
  const [file, setFile] = useState<File | null>(null);
  const [wrongType, setWrongType] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setWrongType(Boolean(chosen && !isXlsx(chosen)));
    setFile(chosen && isXlsx(chosen) ? chosen : null);
  };
  const clear = () => {
    setFile(null);
    if (input.current) input.current.value = '';
  };
  const ready = Boolean(restaurant && file) && !starting;
  const start = (kind: 'menu' | 'nutrition') => {
    if (restaurant && file) onStart({ op: 'upload', kind, restaurant, file }, clear);
  };

  return (
    <Section title={t('bulkOps.upload.heading')} hint={t('bulkOps.upload.hint')}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <RestaurantPicker
          label={t('bulkOps.upload.restaurant')}
          choices={choices}
          value={restaurant}
          onChange={setRestaurant}
          minWidth={280}
        />
        <Button variant="outlined" component="label" startIcon={<UploadFileIcon />}>
          {t('bulkOps.upload.chooseFile')}
          <input
            ref={input}
            type="file"
            hidden
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            aria-label={t('bulkOps.upload.file')}
            onChange={choose}
          />
        </Button>
        <Typography
          variant="body2"
          color={wrongType ? 'error' : 'text.secondary'}
          data-testid="upload-file-name"
          role={wrongType ? 'alert' : undefined}
        >
          {wrongType ? t('bulkOps.upload.wrongType') : (file?.name ?? t('bulkOps.upload.noFile'))}
        </Typography>
        <Button variant="contained" disabled={!ready} onClick={() => start('menu')}>
          {t('bulkOps.upload.submit')}
        </Button>
        {nutrition && (
          <Button variant="contained" color="secondary" disabled={!ready} onClick={() => start('nutrition')}>
            {t('bulkOps.upload.nutrition')}
          </Button>
        )}
      </Box>
    </Section>
  );
}
