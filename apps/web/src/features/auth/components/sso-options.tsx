import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SsoOption } from '@cd/core';
import { useNotify } from '../../../components/notifier';
import { describeError } from '../../../lib/server-message';
import { useLoginOptions, useSsoStart } from '../sign-in-api';
import { saveSso } from '../sso-storage';

type Props = { location: string };

/** The single-sign-on choices for a location (spec 000 §2.1, §7); nothing shows when there are none. */
export function SsoOptions({ location }: Props) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const options = useLoginOptions(location);
  const start = useSsoStart();

  if (!options.length) return null;

  const handleStart = (option: SsoOption) => {
    const ssoLocation = option.location || location;
    start.mutate(
      { sso_action: option.sso_action, location: ssoLocation },
      {
        onSuccess: ({ login_token, redirecturl }) => {
          saveSso({ login_token, sso_action: option.sso_action, location: ssoLocation });
          window.location.assign(redirecturl);
        },
        onError: (error) => notify({ severity: 'error', message: describeError(error, i18n) }),
      },
    );
  };

  return (
    <Box component="section" aria-labelledby="sso-heading" sx={{ mt: 3 }}>
      {/* A rule either side of the heading, as MUI's Divider draws it (left out of the sign-in bundle). */}
      <Typography
        id="sso-heading"
        variant="body2"
        color="text.secondary"
        sx={{
          mb: 2,
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          '&::before, &::after': { content: '""', flex: 1, borderTop: 1, borderColor: 'divider' },
        }}
      >
        {t('login.ssoHeading')}
      </Typography>
      <Stack spacing={1.5}>
        {options.map((option) => (
          <Button
            key={`${option.sso_action}:${option.location}`}
            variant="outlined"
            size="large"
            disabled={start.isPending}
            onClick={() => handleStart(option)}
            startIcon={
              option.imageurl ? (
                <Box
                  component="img"
                  src={option.imageurl}
                  alt=""
                  sx={{ width: 20, height: 20, objectFit: 'contain' }}
                />
              ) : undefined
            }
          >
            {option.actionlabel}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}
