import { useId, useState } from 'react';
import { UploadFile as UploadFileIcon } from '../../../components/icons';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GROUP_IMPORT_COLUMNS, GROUP_IMPORT_MODES, type CustomerGroup } from '@cd/core';
import { RadioGroupField } from '../../../components';
import { DetailFacts, FormShell } from '../../../components/resource';
import { describeError } from '../../../lib/server-message';
import { useImportMembers, type GroupImportAnswer, type GroupImportMode } from '../api';
import { formatCount } from '../format';

const ACCEPT = '.xlsx,.csv';
const isAccepted = (file: File) => /\.(xlsx|csv)$/i.test(file.name);

/**
 * A static group's members from a file (`?dialog=import&edit=<id>`): a .xlsx or .csv with GROUP_IMPORT_COLUMNS,
 * added to the members or replacing them; then what the server did — added, removed, the member count — and
 * each row it refused.
 */
export function ImportDialog({ group, onClose }: { group: CustomerGroup; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const fileHelp = useId();
  const [file, setFile] = useState<File | null>(null);
  const [mode, setMode] = useState<GroupImportMode>('append');
  const [tried, setTried] = useState(false);
  const [result, setResult] = useState<GroupImportAnswer | null>(null);
  const upload = useImportMembers(group.id);
  const problem = !file
    ? t('customerGroups.import.needFile')
    : !isAccepted(file)
      ? t('customerGroups.import.wrongType')
      : '';
  const shownProblem = tried ? problem : '';

  return (
    <FormShell
      variant="dialog"
      title={t('customerGroups.import.title', { name: group.name })}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        setTried(true);
        if (problem || !file || upload.isPending || result) return;
        upload.mutate({ mode, file }, { onSuccess: setResult });
      }}
      actions={
        result ? (
          <Button variant="contained" onClick={onClose}>
            {t('customerGroups.import.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose}>{t('resource.cancel')}</Button>
            <Button type="submit" variant="contained" disabled={upload.isPending}>
              {upload.isPending ? t('customerGroups.import.importing') : t('customerGroups.import.submit')}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <ImportResult result={result} />
      ) : (
        <>
          <Typography variant="body2">
            {t('customerGroups.import.columns', { columns: GROUP_IMPORT_COLUMNS.join(', ') })}
          </Typography>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
              {t('customerGroups.import.choose')}
              <input
                type="file"
                hidden
                accept={ACCEPT}
                aria-label={t('customerGroups.import.file')}
                aria-describedby={fileHelp}
                aria-invalid={Boolean(shownProblem)}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'}>
              {file?.name ?? t('customerGroups.import.noFile')}
            </Typography>
          </Box>
          <FormHelperText id={fileHelp} error={Boolean(shownProblem)} sx={{ mt: -1 }}>
            {shownProblem || ' '}
          </FormHelperText>
          <RadioGroupField
            label={t('customerGroups.import.mode')}
            name="mode"
            value={mode}
            onChange={(value) => setMode(value as GroupImportMode)}
            options={GROUP_IMPORT_MODES.map((m) => ({ value: m, label: t(`customerGroups.import.${m}`) }))}
            helperText={mode === 'replace' ? t('customerGroups.import.replaceHint') : undefined}
          />
          {upload.isError && <Alert severity="error">{describeError(upload.error, i18n)}</Alert>}
        </>
      )}
    </FormShell>
  );
}

function ImportResult({ result }: { result: GroupImportAnswer }) {
  const { t } = useTranslation();
  const errorsId = useId();
  return (
    <>
      <Alert severity={result.errors.length ? 'warning' : 'success'}>
        {result.message || t('customerGroups.import.done')}
      </Alert>
      <DetailFacts
        label={t('customerGroups.import.done')}
        facts={[
          [t('customerGroups.import.added'), formatCount(result.added)],
          [t('customerGroups.import.removed'), formatCount(result.removed)],
          [t('customerGroups.import.memberCount'), formatCount(result.member_count)],
        ]}
      />
      {result.errors.length > 0 && (
        <Box component="section">
          <Typography variant="h6" component="h3" id={errorsId}>
            {t('customerGroups.import.errors')}
          </Typography>
          <Box component="ul" aria-labelledby={errorsId} sx={{ maxHeight: 240, overflowY: 'auto', m: 0 }}>
            {result.errors.map((e) => (
              <li key={`${e.row}-${e.message}`}>
                {t('customerGroups.import.rowError', { row: e.row, message: e.message })}
              </li>
            ))}
          </Box>
        </Box>
      )}
    </>
  );
}
