import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormShell } from '../../../components/resource';
import { qrImageUrl, type QrCode } from '../api';

type Props = { codes: QrCode[]; onClose: () => void; onChoose: () => void };

/** The codes just made: the first one as the server draws it (its PNG), its link, and Choose them for printing. */
export function MadeCodes({ codes, onClose, onChoose }: Props) {
  const { t } = useTranslation();
  const first = codes[0];
  return (
    <FormShell
      variant="dialog"
      title={t('qrCodes.made.title', { count: codes.length })}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        onChoose();
      }}
      actions={
        <>
          <Button onClick={onClose}>{t('qrCodes.made.done')}</Button>
          <Button type="submit" variant="contained">
            {t('qrCodes.made.choose', { count: codes.length })}
          </Button>
        </>
      }
    >
      <Typography>{t('qrCodes.made.text', { labels: codes.map((c) => c.label).join(', ') })}</Typography>
      {first && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Box
            component="img"
            src={qrImageUrl(first.id, 'png')}
            alt={t('qrCodes.made.imageAlt', { label: first.label })}
            sx={{ width: 180, height: 180, border: 1, borderColor: 'divider', bgcolor: '#fff' }}
          />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="p">
              {first.label}
            </Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {first.link}
            </Typography>
          </Box>
        </Box>
      )}
    </FormShell>
  );
}
