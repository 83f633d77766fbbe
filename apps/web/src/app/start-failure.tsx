import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type Props = { onRetry: () => void };

/** Spec 000 §8: a failed profile call shows "Something Went Wrong"; the app keeps trying by itself. */
export function StartFailure({ onRetry }: Props) {
  const { t } = useTranslation();
  return (
    <Box
      role="alert"
      sx={{
        minHeight: '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('errorMsgs.somethingWentWrong')}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {t('app.startFailed')}
      </Typography>
      <Button variant="contained" onClick={onRetry}>
        {t('app.retry')}
      </Button>
    </Box>
  );
}
