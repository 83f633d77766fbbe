import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { API_KEY_GRACE_SECONDS, type ApiKeyView } from '@cd/core';
import { FormShell } from '../../../components/resource';
import { describeError } from '../../../lib/server-message';
import { useRotateKey, type IssuedKey } from '../api';
import { formatTime } from '../format';
import { IssuedKeyDialog } from './issued-key-dialog';

/** Rotate a key: a new key now, the old one accepted for the grace period chosen (none, 1 h, 24 h or 7 days). */
export function RotateKeyDialog({ row, onClose }: { row: ApiKeyView; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [grace, setGrace] = useState<number>(3600);
  const [issued, setIssued] = useState<{ key: IssuedKey; note: string }>();
  const rotate = useRotateKey();
  const graceId = useId();

  if (issued) return <IssuedKeyDialog issued={issued.key} note={issued.note} onClose={onClose} />;
  return (
    <FormShell
      variant="dialog"
      width={560}
      title={t('apiKeys.rotate.title', { prefix: row.prefix, app: row.api_client })}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        if (rotate.isPending) return;
        rotate.mutate(
          { id: row.id, grace_seconds: grace },
          {
            onSuccess: (answer) =>
              setIssued({
                key: answer,
                note: answer.replaced.expires_at
                  ? t('apiKeys.secret.oldValidUntil', {
                      prefix: row.prefix,
                      at: formatTime(answer.replaced.expires_at),
                    })
                  : t('apiKeys.secret.oldRefused', { prefix: row.prefix }),
              }),
          },
        );
      }}
      actions={
        <>
          <Button onClick={onClose}>{t('apiKeys.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={rotate.isPending}>
            {t('apiKeys.rotate.submit')}
          </Button>
        </>
      }
    >
      <Typography>{t('apiKeys.rotate.text')}</Typography>
      <FormLabel id={graceId}>{t('apiKeys.rotate.grace')}</FormLabel>
      <RadioGroup
        aria-labelledby={graceId}
        value={String(grace)}
        onChange={(event) => setGrace(Number(event.target.value))}
      >
        {API_KEY_GRACE_SECONDS.map((seconds) => (
          <FormControlLabel
            key={seconds}
            value={String(seconds)}
            control={<Radio />}
            label={t(`apiKeys.rotate.graces.${seconds}`)}
          />
        ))}
      </RadioGroup>
      {rotate.isError && <Alert severity="error">{describeError(rotate.error, i18n)}</Alert>}
    </FormShell>
  );
}
