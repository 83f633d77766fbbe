import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PushRule } from '@cd/core';
import { useSnackbar } from '../../../components/snackbar';
import { ConflictAlert, LastChanged } from '../../../components/resource';
import { ApiError } from '../../../lib/api-client';
import { describeError } from '../../../lib/server-message';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useSavePushSettings, type PushSettings } from '../api';
import { checkRules, draftOf, isChanged, type RuleErrors } from '../rules';
import { RulesTable } from './rules-table';

type Props = {
  /** The settings as loaded: their version is the one a save names, until Reload or a save. */
  loaded: PushSettings;
  /** Reads the saved settings again (after a conflict). */
  reload: () => Promise<PushSettings | undefined>;
};

/**
 * The food court's rules, one row per event, saved together with the version loaded. Core's schema checks them
 * before sending (the API's own check); a 409 says who saved first, keeps the user's rules and offers Reload.
 */
export function RulesForm({ loaded, reload }: Props) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const save = useSavePushSettings(loaded.foodcourt);
  const { setDirty } = useUnsavedChanges();
  const [base, setBase] = useState(loaded);
  const [draft, setDraft] = useState(() => draftOf(loaded.rules));
  const [errors, setErrors] = useState<RuleErrors>({});
  const [conflict, setConflict] = useState('');
  const [failure, setFailure] = useState('');
  const changed = isChanged(draft, base.rules);

  useEffect(() => setDirty(changed), [changed, setDirty]);
  useEffect(() => () => setDirty(false), [setDirty]);

  const change = (index: number, rule: PushRule) => {
    setDraft((rules) => rules.map((r, i) => (i === index ? rule : r)));
    setErrors((e) => ({ ...e, [rule.event]: undefined }));
  };
  const submit = () => {
    setFailure('');
    const checked = checkRules(draft, base.version);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    save.mutate(checked.body, {
      onSuccess: (settings) => {
        setConflict('');
        setBase(settings);
        setDraft(draftOf(settings.rules));
        snackbar.show(t('pushSettings.saved'), 'success');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'versionConflict')
          setConflict(error.serverMessage || t('resource.conflict.text'));
        else setFailure(describeError(error, i18n));
      },
    });
  };
  const takeSaved = async () => {
    const fresh = await reload();
    if (!fresh) return;
    setConflict('');
    setErrors({});
    setBase(fresh);
    setDraft(draftOf(fresh.rules));
  };
  const hasErrors = Object.values(errors).some(Boolean);

  return (
    <Box
      component="form"
      noValidate
      aria-label={t('pushSettings.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: 'grid', gap: 2 }}
    >
      {conflict && <ConflictAlert message={conflict} onReload={() => void takeSaved()} />}
      {hasErrors && <Alert severity="error">{t('pushSettings.fixProblems')}</Alert>}
      <RulesTable rules={draft} errors={errors} onChange={change} disabled={save.isPending} />
      {failure && (
        <Alert severity="error" onClose={() => setFailure('')}>
          {failure}
        </Alert>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t('pushSettings.save')}
        </Button>
        <Button
          disabled={!changed || save.isPending}
          onClick={() => {
            setDraft(draftOf(base.rules));
            setErrors({});
          }}
        >
          {t('pushSettings.undo')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {base.updated_at ? (
            <LastChanged inline row={{ updated_at: base.updated_at, updated_by: base.updated_by }} />
          ) : (
            t('pushSettings.neverSaved')
          )}
        </Typography>
      </Box>
    </Box>
  );
}
