import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  CLONE_MESSAGES,
  CLONE_MODES,
  clonePreviewBody,
  type CloneInclude,
  type CloneMode,
  type ClonePreviewAnswer,
  type CloneRun,
} from '@cd/core';
import { CheckGroup } from '../../../components/check-group';
import { ConfirmPopup } from '../../../components/confirm-popup';
import { MultiSelectDropdown } from '../../../components/multi-select-dropdown';
import { RadioGroupField } from '../../../components/radio-group-field';
import { ResourceListPage, type ResourceColumn } from '../../../components/resource';
import { RestaurantPicker } from '../../../components/restaurant-picker';
import { useSnackbar } from '../../../components/snackbar';
import { SYNC_TIME_FORMAT } from '../../../lib/format';
import { useRestaurantChoices } from '../../../lib/restaurant-choices';
import { describeError } from '../../../lib/server-message';
import { useUrlState } from '../../../lib/url-state';
import { cloneRunsApi, cloneUrl, useClonePreview, useRunsRefreshOnJobEnd, useStartClone } from '../api';
import { ClonePreviewCard } from '../components/clone-preview';
import { RunReportDialog } from '../components/run-report-dialog';
import { RunStatus } from '../components/run-status';

const INCLUDE_KEYS = ['items', 'prices', 'images', 'submenus'] as const;
type IncludeKey = (typeof INCLUDE_KEYS)[number];

/**
 * /clone (page clone, issue 20 point 2): copy a restaurant's menu into others. Choose the source, the targets,
 * "only what is missing" or "overwrite" and what to include; Preview shows per target what would be added,
 * changed and left, with its conflicts; Clone starts a background job (the tasks panel follows it) that clones
 * each chosen target whole or not at all, and leaves alone a target whose menu changed after the preview. Past
 * clones are listed below with their reports.
 */
export function ClonePage() {
  const { t, i18n } = useTranslation();
  const url = useUrlState(cloneUrl);
  const { state, update } = url;
  const snackbar = useSnackbar();
  const restaurants = useRestaurantChoices();
  const [targets, setTargets] = useState<string[]>([]);
  const [mode, setMode] = useState<CloneMode>('only_missing');
  const [included, setIncluded] = useState<IncludeKey[]>([...INCLUDE_KEYS]);
  const [preview, setPreview] = useState<ClonePreviewAnswer | null>(null);
  const [chosen, setChosen] = useState<Record<string, boolean>>({});
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState('');
  const previewCall = useClonePreview();
  const startCall = useStartClone();
  const [started, setStarted] = useState<string[]>([]);
  useRunsRefreshOnJobEnd(started);

  const source = state.source;
  const targetOptions = useMemo(
    () =>
      restaurants
        .filter((r) => r.restaurant !== source)
        .map((r) => ({ value: r.restaurant, label: `${r.name} (${r.foodcourt})` })),
    [restaurants, source],
  );
  const include: CloneInclude = {
    items: included.includes('items'),
    prices: included.includes('prices'),
    images: included.includes('images'),
    submenus: included.includes('submenus'),
  };
  const forget = () => {
    setPreview(null);
    setProblem('');
  };

  const runPreview = () => {
    const body = { source: source ?? '', targets, mode, include };
    const checked = clonePreviewBody.safeParse(body);
    if (!checked.success) {
      const key = checked.error.issues[0]?.message ?? '';
      setProblem(CLONE_MESSAGES[key] ?? t('clone.chooseSource'));
      return;
    }
    setProblem('');
    previewCall.mutate(body, {
      onSuccess: (answer) => {
        setPreview(answer);
        setChosen(Object.fromEntries(answer.targets.map((x) => [x.restaurant, x.allowed])));
      },
      onError: (error) => setProblem(describeError(error, i18n)),
    });
  };
  const picked = preview?.targets.filter((x) => x.allowed && chosen[x.restaurant]) ?? [];
  const startClone = () => {
    if (!preview) return;
    setConfirming(false);
    startCall.mutate(
      {
        source: preview.source.restaurant,
        mode: preview.mode,
        include,
        targets: picked.map((x) => ({ restaurant: x.restaurant, stamp: x.stamp })),
      },
      {
        onSuccess: (answer) => {
          snackbar.show(answer.message, 'success');
          setStarted((list) => [...list, answer.job.id]);
          setPreview(null);
        },
        onError: (error) => setProblem(describeError(error, i18n)),
      },
    );
  };

  const columns: ResourceColumn<CloneRun>[] = [
    {
      id: 'created_at',
      header: t('clone.columns.started'),
      sortable: true,
      primary: true,
      cell: (r) => dayjs(r.created_at).format(SYNC_TIME_FORMAT),
    },
    { id: 'source', header: t('clone.columns.source'), primary: true, cell: (r) => r.source_name },
    { id: 'mode', header: t('clone.columns.mode'), cell: (r) => t(`clone.mode.${r.mode}`) },
    {
      id: 'targets',
      header: t('clone.columns.targets'),
      align: 'right',
      cell: (r) => r.targets.length,
    },
    { id: 'status', header: t('clone.columns.result'), cell: (r) => <RunStatus run={r} /> },
  ];

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('clone.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('clone.intro')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 3 }} component="section" aria-labelledby="clone-new-heading">
        <Typography id="clone-new-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('clone.newClone')}
        </Typography>
        <Stack spacing={2}>
          <RestaurantPicker
            label={t('clone.source')}
            value={source}
            onChange={(next) => {
              update({ source: next, page: undefined });
              setTargets((list) => list.filter((x) => x !== next));
              forget();
            }}
          />
          <Box sx={{ maxWidth: 480 }}>
            <MultiSelectDropdown
              label={t('clone.targets')}
              options={targetOptions}
              value={targets}
              onChange={(next) => {
                setTargets(next);
                forget();
              }}
              fullWidth
            />
          </Box>
          <RadioGroupField
            label={t('clone.modeLabel')}
            row
            options={CLONE_MODES.map((m) => ({ value: m, label: t(`clone.mode.${m}`) }))}
            value={mode}
            onChange={(next) => {
              setMode(next as CloneMode);
              forget();
            }}
            helperText={t(`clone.modeHelp.${mode}`)}
          />
          <CheckGroup
            label={t('clone.include')}
            values={INCLUDE_KEYS}
            name={(k) => t(`clone.includes.${k}`)}
            checked={included}
            onChange={(next) => {
              setIncluded(next);
              forget();
            }}
          />
          {problem && <Alert severity="error">{problem}</Alert>}
          <Box>
            <Button variant="outlined" onClick={runPreview} disabled={previewCall.isPending}>
              {t('clone.previewButton')}
            </Button>
          </Box>
        </Stack>
        {preview && (
          <Stack spacing={2} sx={{ mt: 3 }} component="section" aria-label={t('clone.preview.title')}>
            <Typography variant="h6" component="h2">
              {t('clone.preview.heading', {
                name: preview.source.name,
                items: preview.source.items,
                submenus: preview.source.submenus,
              })}
            </Typography>
            {preview.targets.map((x) => (
              <ClonePreviewCard
                key={x.restaurant}
                target={x}
                chosen={!!chosen[x.restaurant]}
                onChosen={(on) => setChosen((c) => ({ ...c, [x.restaurant]: on }))}
              />
            ))}
            <Box>
              <Button
                variant="contained"
                disabled={picked.length === 0 || startCall.isPending}
                onClick={() => (preview.mode === 'overwrite' ? setConfirming(true) : startClone())}
              >
                {t('clone.start', { count: picked.length })}
              </Button>
            </Box>
          </Stack>
        )}
      </Paper>
      <ResourceListPage
        title={t('clone.runs.title')}
        headingLevel={2}
        api={cloneRunsApi}
        url={url}
        columns={columns}
        listLabel={t('clone.runs.listLabel')}
        rowName={(r) => `${r.source_name} ${dayjs(r.created_at).format(SYNC_TIME_FORMAT)}`}
        searchLabel={t('clone.runs.search')}
        empty={t('clone.runs.empty')}
        canCreate={false}
        canEdit={() => false}
        exportable={false}
        rowActions={(r, open) => (
          <Button
            size="small"
            onClick={() => open('report')}
            aria-label={t('clone.runs.reportOf', { name: r.source_name })}
          >
            {t('clone.runs.report')}
          </Button>
        )}
        renderForm={() => null}
        renderDialog={({ row, onClose }) => <RunReportDialog run={row} onClose={onClose} />}
      />
      <ConfirmPopup
        open={confirming}
        type="warning"
        title={t('clone.confirm.title')}
        primaryText={t('clone.confirm.text', { count: picked.length })}
        positiveLabel={t('clone.confirm.yes')}
        onPositive={startClone}
        onNegative={() => setConfirming(false)}
      />
    </Box>
  );
}
