import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { apiKeyBody } from '@cd/core';
import { MultiSelectDropdown } from '../../../components/multi-select-dropdown';
import { FormShell } from '../../../components/resource';
import { describeError } from '../../../lib/server-message';
import { useUserSites } from '../../../lib/use-user-sites';
import { useCreateKey, type IssuedKey } from '../api';
import { IssuedKeyDialog } from './issued-key-dialog';

/**
 * Create a key (core's apiKeyBody, the API's own rule): the app's name and its food courts, chosen by name. Once
 * made, the dialog shows the key this once.
 */
export function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { foodcourtOptions } = useUserSites();
  const [app, setApp] = useState('');
  const [foodcourts, setFoodcourts] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const [issued, setIssued] = useState<IssuedKey>();
  const create = useCreateKey();
  const parsed = apiKeyBody.safeParse({ api_client: app, foodcourts });
  const problem = tried && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  if (issued) return <IssuedKeyDialog issued={issued} onClose={onClose} />;
  return (
    <FormShell
      variant="dialog"
      width={560}
      title={t('apiKeys.create.title')}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (!parsed.success || create.isPending) return;
        create.mutate(parsed.data, { onSuccess: setIssued });
      }}
      actions={
        <>
          <Button onClick={onClose}>{t('apiKeys.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('apiKeys.create.submit')}
          </Button>
        </>
      }
    >
      <TextField
        size="small"
        label={t('apiKeys.create.app')}
        required
        autoFocus
        value={app}
        onChange={(event) => setApp(event.target.value)}
        error={Boolean(problem)}
        helperText={problem ?? t('apiKeys.create.appHelp')}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <MultiSelectDropdown
        label={t('apiKeys.create.foodcourts')}
        options={foodcourtOptions}
        value={foodcourts}
        onChange={setFoodcourts}
        helperText={t('apiKeys.create.foodcourtsHelp')}
        fullWidth
      />
      {create.isError && <Alert severity="error">{describeError(create.error, i18n)}</Alert>}
    </FormShell>
  );
}
