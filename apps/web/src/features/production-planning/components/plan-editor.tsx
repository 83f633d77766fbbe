import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { productionLinesBody, type ProductionLinesBody, type ProductionPlan } from '@cd/core';
import { clearUnsavedChanges, FormDirtyGuard } from '../../../components/form-dirty-guard';
import {
  ConflictAlert,
  DiscardChangesPopup,
  FormNumberField,
  FormTextField,
  LastChanged,
} from '../../../components/resource';
import { useSnackbar } from '../../../components/snackbar';
import { classifySaveFailure } from '../../../lib/save-failure';
import { describeError } from '../../../lib/server-message';
import { downloadPrepSheet, fetchPlan, usePlan, useRestaurantItems, useSavePlan, useSetPlanStatus } from '../api';
import { EditorShell } from './editor-shell';
import { PlanStatusChip } from './plan-status-chip';
import { useSessionName } from './session-name';

type Props = { id: number; onClose: () => void };
type Values = z.input<typeof productionLinesBody>;

const toValues = (p: ProductionPlan): Values => ({
  notes: p.notes,
  lines: (p.lines ?? []).map((l) => ({ foodid: l.foodid, planned: l.planned, note: l.note })),
});

/** A plan opened from the list (`?edit=<id>`): loads it, then the editor. */
export function PlanEditor({ id, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const plan = usePlan(id);
  if (!plan.data) {
    return (
      <EditorShell
        title={t('productionPlanning.editor.loading')}
        onClose={onClose}
        onSubmit={(e) => e.preventDefault()}
        actions={<Button onClick={onClose}>{t('resource.close')}</Button>}
      >
        {plan.isError ? (
          <Alert severity="error">{describeError(plan.error, i18n)}</Alert>
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('productionPlanning.editor.loading')} />
          </Box>
        )}
      </EditorShell>
    );
  }
  return <PlanForm key={plan.data.id} initial={plan.data} onClose={onClose} />;
}

function PlannedTotal({ control }: { control: Control<Values, unknown, ProductionLinesBody> }) {
  const lines = useWatch({ control, name: 'lines' });
  const total = (lines ?? []).reduce((n, l) => n + (Number.isFinite(l.planned) ? l.planned : 0), 0);
  return <>{Math.round(total * 1000) / 1000}</>;
}

/**
 * The plan: each item with its sales on the same weekday of the past weeks (oldest first), what was proposed and
 * the planned number to adjust, with a note; totals. Save (version-checked: someone else's save shows the shared
 * conflict notice, the input kept), Approve (saves first; then read-only), Reopen, and the prep sheet as PDF or
 * Excel (of the saved plan).
 */
function PlanForm({ initial, onClose }: { initial: ProductionPlan; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const sessionName = useSessionName();
  const savePlan = useSavePlan();
  const setStatus = useSetPlanStatus();
  const [plan, setPlan] = useState(initial);
  const [conflict, setConflict] = useState<string | null>(null);
  const [failure, setFailure] = useState('');
  const [asking, setAsking] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const dirty = useRef(false);
  const form = useForm<Values, unknown, ProductionLinesBody>({
    defaultValues: toValues(initial),
    resolver: zodResolver(productionLinesBody),
  });
  const approved = plan.status === 'approved';
  // Items added by hand since the last save: no history, nothing proposed (the server adds them on save).
  const [added, setAdded] = useState<{ foodid: string; foodname: string }[]>([]);
  const lines = [...(plan.lines ?? []), ...added.map((a) => ({ ...a, history: [] as number[], proposed: 0 }))];
  const addItem = (item: { foodid: string; foodname: string }) => {
    setAdded((list) => [...list, item]);
    form.setValue('lines', [...form.getValues('lines'), { foodid: item.foodid, planned: 1, note: '' }], {
      shouldDirty: true,
    });
  };
  const busy = form.formState.isSubmitting || setStatus.isPending || savePlan.isPending;

  const settled = (next: ProductionPlan) => {
    setPlan(next);
    setAdded([]);
    form.reset(toValues(next));
    dirty.current = false;
    clearUnsavedChanges();
  };
  const failed = (error: unknown) => {
    const shown = classifySaveFailure(error, i18n, []);
    if (shown.kind === 'conflict') setConflict(shown.message);
    else setFailure(shown.kind === 'fields' ? shown.fields.map((f) => f.message).join(' ') : shown.message);
  };

  const run = (then?: 'approve') =>
    form.handleSubmit(async (values) => {
      setConflict(null);
      setFailure('');
      try {
        let current = plan;
        if (!then || dirty.current) {
          const saved = await savePlan.mutateAsync({ id: plan.id, body: values, version: plan.version });
          current = saved.plan;
          if (!then) snackbar.show(saved.message, 'success');
        }
        if (then) {
          const done = await setStatus.mutateAsync({ id: plan.id, to: then, version: current.version });
          current = done.plan;
          snackbar.show(done.message, 'success');
        }
        settled(current);
      } catch (error) {
        failed(error);
      }
    });

  const reopen = async () => {
    setConflict(null);
    setFailure('');
    try {
      const done = await setStatus.mutateAsync({ id: plan.id, to: 'reopen', version: plan.version });
      snackbar.show(done.message, 'success');
      settled(done.plan);
    } catch (error) {
      failed(error);
    }
  };

  const reload = async () => {
    try {
      settled(await fetchPlan(plan.id));
      setConflict(null);
    } catch (error) {
      setFailure(describeError(error, i18n));
    }
  };

  const download = async (format: 'pdf' | 'xlsx') => {
    setDownloading(true);
    try {
      const name = await downloadPrepSheet(plan, format);
      snackbar.show(t('productionPlanning.editor.downloaded', { name }), 'success');
    } catch (error) {
      setFailure(describeError(error, i18n));
    } finally {
      setDownloading(false);
    }
  };

  const requestClose = () => (dirty.current ? setAsking(true) : onClose());
  const weekday = t(`productionPlanning.weekdays.${plan.weekday}`);
  const title = t('productionPlanning.editor.title', {
    weekday,
    date: plan.plan_date,
    session: sessionName(plan.session),
  });
  const methodText =
    plan.method.method === 'peak'
      ? t('productionPlanning.editor.methodPeak', { pct: plan.method.peak_pct, count: plan.lookback_weeks, weekday })
      : t('productionPlanning.editor.methodAverage', { count: plan.lookback_weeks, weekday });

  return (
    <EditorShell
      title={title}
      subtitle={
        <Stack direction="row" spacing={1} alignItems="center" component="span" sx={{ flexWrap: 'wrap' }}>
          <PlanStatusChip status={plan.status} />
          <span>
            {plan.restaurant_name} · {methodText}
            {plan.method.buffer_pct > 0 && ` ${t('productionPlanning.editor.buffer', { pct: plan.method.buffer_pct })}`}
            {' · '}
            <LastChanged row={{ updated_at: plan.updated_at, updated_by: plan.updated_by }} inline />
          </span>
        </Stack>
      }
      onClose={requestClose}
      onSubmit={(event) => void run()(event)}
      actions={
        <>
          <Button onClick={() => void download('pdf')} disabled={downloading}>
            {t('productionPlanning.editor.pdf')}
          </Button>
          <Button onClick={() => void download('xlsx')} disabled={downloading}>
            {t('productionPlanning.editor.xlsx')}
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button onClick={requestClose}>{t('resource.close')}</Button>
          {approved ? (
            <Button variant="contained" onClick={() => void reopen()} disabled={busy}>
              {t('productionPlanning.editor.reopen')}
            </Button>
          ) : (
            <>
              <Button onClick={() => void run('approve')()} disabled={busy}>
                {t('productionPlanning.editor.approve')}
              </Button>
              <Button type="submit" variant="contained" disabled={busy}>
                {t('resource.save')}
              </Button>
            </>
          )}
        </>
      }
    >
      <FormDirtyGuard control={form.control} dirty={dirty} />
      {conflict && <ConflictAlert message={conflict} onReload={() => void reload()} />}
      {failure && (
        <Alert severity="error" onClose={() => setFailure('')}>
          {failure}
        </Alert>
      )}
      {approved && <Alert severity="info">{t('productionPlanning.editor.approvedNote')}</Alert>}
      {lines.length === 0 ? (
        <Alert severity="info">{t('productionPlanning.editor.noLines', { weekday })}</Alert>
      ) : (
        // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too (also when the inputs are off).
        <TableContainer tabIndex={0} role="region" aria-label={t('productionPlanning.editor.tableLabel')}>
          <Table size="small" aria-label={t('productionPlanning.editor.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('productionPlanning.editor.item')}</TableCell>
                <TableCell>
                  {t('productionPlanning.editor.history', { count: plan.lookback_weeks, weekday })}
                  <Typography variant="caption" component="div" color="text.secondary">
                    {plan.history_dates[0]} – {plan.history_dates.at(-1)}
                  </Typography>
                </TableCell>
                <TableCell align="right">{t('productionPlanning.editor.proposed')}</TableCell>
                <TableCell sx={{ width: 130 }}>{t('productionPlanning.editor.planned')}</TableCell>
                <TableCell>{t('productionPlanning.editor.note')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((l, i) => (
                <TableRow key={l.foodid} data-foodid={l.foodid}>
                  <TableCell component="th" scope="row">
                    {l.foodname}
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                      {l.history.join(' · ')}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{l.proposed}</TableCell>
                  <TableCell>
                    <FormNumberField
                      control={form.control}
                      name={`lines.${i}.planned`}
                      refuseEmpty
                      size="small"
                      disabled={approved}
                      slotProps={{
                        htmlInput: { 'aria-label': t('productionPlanning.editor.plannedOf', { name: l.foodname }) },
                      }}
                    />
                  </TableCell>
                  <TableCell>
                    <FormTextField
                      control={form.control}
                      name={`lines.${i}.note`}
                      size="small"
                      fullWidth
                      disabled={approved}
                      slotProps={{
                        htmlInput: {
                          'aria-label': t('productionPlanning.editor.noteOf', { name: l.foodname }),
                          maxLength: 200,
                        },
                      }}
                    />
                  </TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell component="th" scope="row" sx={{ fontWeight: 'bold' }}>
                  {t('productionPlanning.editor.total')}
                </TableCell>
                <TableCell />
                <TableCell align="right" sx={{ fontWeight: 'bold' }}>
                  {plan.total_proposed}
                </TableCell>
                <TableCell sx={{ fontWeight: 'bold' }} data-testid="planned-total">
                  <PlannedTotal control={form.control} />
                </TableCell>
                <TableCell />
              </TableRow>
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {!approved && <AddPlanItem restaurant={plan.restaurant} taken={lines.map((l) => l.foodid)} onAdd={addItem} />}
      <FormTextField
        control={form.control}
        name="notes"
        label={t('productionPlanning.editor.notes')}
        multiline
        minRows={2}
        disabled={approved}
      />
      <DiscardChangesPopup
        open={asking}
        onKeep={() => setAsking(false)}
        onDiscard={() => {
          setAsking(false);
          clearUnsavedChanges();
          onClose();
        }}
      />
    </EditorShell>
  );
}

/** Adds an item the proposal did not (no sales on that weekday): any item of the restaurant not in the plan. */
function AddPlanItem({
  restaurant,
  taken,
  onAdd,
}: {
  restaurant: string;
  taken: string[];
  onAdd: (item: { foodid: string; foodname: string }) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const items = useRestaurantItems(restaurant, open);
  const options = (items.data ?? []).filter((i) => !taken.includes(i.foodid));
  return (
    <Autocomplete
      options={options}
      value={null}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      loading={items.isPending && open}
      getOptionLabel={(o) => o.foodname}
      getOptionKey={(o) => o.foodid}
      onChange={(_e, item) => item && onAdd({ foodid: item.foodid, foodname: item.foodname })}
      blurOnSelect
      size="small"
      sx={{ maxWidth: 360 }}
      renderInput={(params) => <TextField {...params} label={t('productionPlanning.editor.addItem')} />}
    />
  );
}
