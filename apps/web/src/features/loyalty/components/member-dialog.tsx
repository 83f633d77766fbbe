import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { adjustBody, type LedgerEntry, type LoyaltyProgram } from '@cd/core';
import { GenericDialog } from '../../../components';
import {
  DetailFacts,
  DetailTable,
  FormNumberField,
  FormTextField,
  type DetailColumn,
} from '../../../components/resource';
import { useSnackbar } from '../../../components/snackbar';
import { describeError } from '../../../lib/server-message';
import { useAdjust, useLoyaltyMember } from '../api';
import { formatCount, formatTime, signedPoints } from '../format';
import { useCanAdjust } from '../permissions';
import { FieldRow } from '../../../components/form-parts';

type Props = { program: LoyaltyProgram; customerRef: string; onClose: () => void };

/**
 * One member of a program ("<ref> in <program>"): the balance, the history of their ledger (earned, reversed by
 * a refund, redeemed, expired, adjusted; newest first) and, for admins and holders of loyalty_adjust, Adjust.
 */
export function MemberDialog({ program, customerRef, onClose }: Props) {
  const { t, i18n } = useTranslation();
  const member = useLoyaltyMember(program.id, customerRef);
  const canAdjust = useCanAdjust();
  const columns: DetailColumn<LedgerEntry>[] = [
    { header: t('loyalty.member.date'), cell: (e) => formatTime(e.created_at) },
    { header: t('loyalty.member.entry'), cell: (e) => t(`loyalty.member.entryType.${e.entry_type}`) },
    { header: t('loyalty.member.points'), align: 'right', cell: (e) => signedPoints(e.points) },
    { header: t('loyalty.member.order'), cell: (e) => e.order_number ?? '—' },
    { header: t('loyalty.member.reward'), cell: (e) => e.reward_name ?? '—' },
    { header: t('loyalty.member.reason'), cell: (e) => e.reason || '—' },
    { header: t('loyalty.member.by'), cell: (e) => e.actor || '—' },
  ];
  const data = member.data;
  return (
    <GenericDialog
      open
      title={t('loyalty.member.title', { ref: customerRef, program: program.name })}
      onClose={onClose}
      maxWidth="md"
    >
      {member.isPending && <CircularProgress aria-label={t('resource.loading')} />}
      {member.isError && <Alert severity="error">{describeError(member.error, i18n)}</Alert>}
      {data && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          <Box role="status">
            <Typography component="h3" variant="h5" sx={{ fontWeight: 700 }}>
              {t('loyalty.member.balance', { balance: formatCount(data.member.balance) })}
            </Typography>
          </Box>
          <DetailFacts
            label={t('loyalty.member.facts')}
            facts={[
              [t('loyalty.members.name'), data.member.name || '—'],
              [t('loyalty.members.earned'), formatCount(data.member.earned)],
              [t('loyalty.members.lastActivity'), formatTime(data.member.last_activity)],
            ]}
          />
          {canAdjust && <AdjustForm programId={program.id} customerRef={customerRef} />}
          <DetailTable
            title={t('loyalty.member.history')}
            rows={data.entries}
            columns={columns}
            empty={t('loyalty.member.noHistory')}
            rowKey={(e) => String(e.id)}
          />
        </Box>
      )}
    </GenericDialog>
  );
}

type AdjustInput = z.input<typeof adjustBody>;
type AdjustOutput = z.output<typeof adjustBody>;

/** Points added (or taken away with a minus) by hand with a reason; the balance and history reload after. */
function AdjustForm({ programId, customerRef }: { programId: number; customerRef: string }) {
  const { t, i18n } = useTranslation();
  const snackbar = useSnackbar();
  const adjust = useAdjust(programId, customerRef);
  const [failure, setFailure] = useState('');
  const form = useForm<AdjustInput, unknown, AdjustOutput>({
    defaultValues: { points: undefined as unknown as number, reason: '' },
    resolver: zodResolver(adjustBody),
  });
  const submit = form.handleSubmit(async ({ points, reason }) => {
    setFailure('');
    try {
      const answer = await adjust.mutateAsync({ points, reason });
      snackbar.show(answer.message || t('loyalty.adjust.done'), 'success');
      form.reset({ points: undefined as unknown as number, reason: '' });
    } catch (error) {
      setFailure(describeError(error, i18n));
    }
  });
  return (
    <Box
      component="form"
      aria-label={t('loyalty.adjust.title')}
      noValidate
      onSubmit={(event) => void submit(event)}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Typography variant="h6" component="h3">
        {t('loyalty.adjust.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('loyalty.adjust.hint')}
      </Typography>
      {failure && (
        <Alert severity="error" onClose={() => setFailure('')}>
          {failure}
        </Alert>
      )}
      <FieldRow>
        <FormNumberField
          control={form.control}
          name="points"
          label={t('loyalty.adjust.points')}
          whole
          required
          // A minus sign must be typable on phones, whose numeric keypads have none.
          slotProps={{ htmlInput: { inputMode: 'text' } }}
          sx={{ maxWidth: 180 }}
        />
        <FormTextField
          control={form.control}
          name="reason"
          label={t('loyalty.adjust.reason')}
          required
          slotProps={{ htmlInput: { maxLength: 300 } }}
          sx={{ flex: 1, minWidth: 240 }}
        />
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting} sx={{ mt: 1 }}>
          {t('loyalty.adjust.submit')}
        </Button>
      </FieldRow>
    </Box>
  );
}
