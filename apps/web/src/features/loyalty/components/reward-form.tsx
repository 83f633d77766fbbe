import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LOYALTY_REWARD_KINDS, loyaltyRewardBody, type LoyaltyProgram, type LoyaltyReward } from '@cd/core';
import { FormNumberField, FormTextField, ResourceFormDialog, type FormRenderProps } from '../../../components/resource';
import { ItemPicker } from '../../offers';
import { rewardApi, useProgramChoices, type RewardInput, type RewardOutput } from '../api';
import { pointsWord, programAdornment } from '../format';
import { FieldRow, FormSection } from '../../../components/form-parts';

type RewardKind = (typeof LOYALTY_REWARD_KINDS)[number];
type RewardFormApi = UseFormReturn<RewardInput, unknown, RewardOutput>;

/** An amount the user must give, left empty (the schema says "Enter a number" under its field). */
const empty = undefined as unknown as number;

/** A kind's reward as a new form holds it. */
export function defaultReward(kind: RewardKind): RewardInput['reward'] {
  switch (kind) {
    case 'free_item':
      return { kind, foodid: '', quantity: 1 };
    case 'amount':
      return { kind, amount: empty };
    case 'percent':
      return { kind, percent: empty };
  }
}

const rewardValues = (reward: LoyaltyReward | undefined, programId: number | undefined): RewardInput => ({
  program_id: reward?.program_id ?? programId ?? empty,
  name: reward?.name ?? '',
  active: reward?.active ?? true,
  cost: reward?.cost ?? empty,
  reward: reward ? structuredClone(reward.reward) : defaultReward('free_item'),
  valid_days: reward?.valid_days ?? 30,
});

type Props = FormRenderProps<LoyaltyReward> & { programId?: number };

/**
 * Add or edit a reward in a drawer: its program, name, whether members may redeem it, its cost (points, or
 * stamps: a full card by default), what it gives (a free item, an amount or a percent off) and how long the code
 * a redemption gives is valid. Core's loyaltyRewardBody is the form's schema.
 */
export function RewardForm(props: Props) {
  const { row, programId } = props;
  const { t } = useTranslation();
  const save = rewardApi.useSave();
  return (
    <ResourceFormDialog
      {...props}
      variant="drawer"
      width={720}
      title={row ? t('loyalty.rewards.form.editTitle', { name: row.name }) : t('loyalty.rewards.form.addTitle')}
      schema={loyaltyRewardBody}
      toValues={(reward) => rewardValues(reward, programId)}
      save={(body, version) => save.mutateAsync({ id: row?.id, body, version })}
    >
      {(form) => <RewardFields form={form} />}
    </ResourceFormDialog>
  );
}

function RewardFields({ form }: { form: RewardFormApi }) {
  const { t } = useTranslation();
  const { control } = form;
  const programs = useProgramChoices();
  const [programId, reward] = useWatch({ control, name: ['program_id', 'reward'] });
  const program = programs.data?.find((p) => p.id === programId);
  const required = program?.kind === 'stamps' ? program.stamps?.required : undefined;

  const chooseProgram = (next: LoyaltyProgram | undefined, onChange: (id: number) => void) => {
    if (!next) return;
    onChange(next.id);
    // A stamp card's reward costs a full card unless the user says otherwise.
    if (next.kind === 'stamps' && next.stamps && form.getValues('cost') === undefined)
      form.setValue('cost', next.stamps.required, { shouldDirty: true });
  };

  return (
    <>
      <FormSection title={t('loyalty.rewards.form.general')}>
        <Controller
          control={control}
          name="program_id"
          render={({ field, fieldState }) => (
            <TextField
              select
              required
              label={t('loyalty.rewards.form.program')}
              value={programs.data?.some((p) => p.id === field.value) ? field.value : ''}
              onChange={(event) =>
                chooseProgram(
                  programs.data?.find((p) => p.id === Number(event.target.value)),
                  field.onChange,
                )
              }
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={Boolean(fieldState.error) || programs.isError}
              helperText={
                programs.isError
                  ? t('loyalty.rewards.form.programsFailed')
                  : fieldState.error
                    ? t('loyalty.rewards.form.chooseProgram')
                    : undefined
              }
            >
              {(programs.data ?? []).map((p) => (
                <MenuItem key={p.id} value={p.id}>
                  {p.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <FormTextField
          control={control}
          name="name"
          label={t('loyalty.rewards.form.name')}
          required
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Controller
          control={control}
          name="active"
          render={({ field }) => (
            <FormControlLabel
              label={t('loyalty.rewards.form.active')}
              control={
                <Checkbox checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />
              }
            />
          )}
        />
        <FieldRow>
          <FormNumberField
            control={control}
            name="cost"
            label={
              program?.kind === 'stamps'
                ? t('loyalty.rewards.form.costStamps')
                : program
                  ? t('loyalty.rewards.form.costPoints', { name: pointsWord(t, program, 2) })
                  : t('loyalty.rewards.form.cost')
            }
            hint={required ? t('loyalty.rewards.form.costCardHint', { count: required }) : undefined}
            whole
            required
            sx={{ maxWidth: 260 }}
          />
          <FormNumberField
            control={control}
            name="valid_days"
            label={t('loyalty.rewards.form.validDays')}
            hint={t('loyalty.rewards.form.validDaysHint')}
            whole
            sx={{ maxWidth: 320 }}
          />
        </FieldRow>
      </FormSection>
      <FormSection title={t('loyalty.rewards.form.gives')}>
        <TextField
          select
          label={t('loyalty.rewards.form.kind')}
          value={reward?.kind ?? 'free_item'}
          onChange={(event) =>
            form.setValue('reward', defaultReward(event.target.value as RewardKind), { shouldDirty: true })
          }
          sx={{ maxWidth: 320 }}
        >
          {LOYALTY_REWARD_KINDS.map((kind) => (
            <MenuItem key={kind} value={kind}>
              {t(`loyalty.rewards.kind.${kind}`)}
            </MenuItem>
          ))}
        </TextField>
        <KindFields form={form} kind={reward?.kind ?? 'free_item'} program={program} />
      </FormSection>
    </>
  );
}

function KindFields({ form, kind, program }: { form: RewardFormApi; kind: RewardKind; program?: LoyaltyProgram }) {
  const { t } = useTranslation();
  const { control } = form;
  if (kind === 'amount')
    return (
      <FormNumberField
        key="amount"
        control={control}
        name="reward.amount"
        label={t('loyalty.rewards.form.amount')}
        money
        slotProps={{ input: { startAdornment: programAdornment(program) } }}
        required
        sx={{ maxWidth: 260 }}
      />
    );
  if (kind === 'percent')
    return (
      <FormNumberField
        key="percent"
        control={control}
        name="reward.percent"
        label={t('loyalty.rewards.form.percent')}
        required
        sx={{ maxWidth: 260 }}
        slotProps={{ input: { endAdornment: '%' } }}
      />
    );
  return (
    <>
      <Controller
        control={control}
        name="reward.foodid"
        render={({ field, fieldState }) => (
          <ItemPicker
            label={t('loyalty.rewards.form.item')}
            value={field.value ? [field.value] : []}
            // One item: a new pick replaces the one chosen.
            onChange={(foodids) => field.onChange(foodids.at(-1) ?? '')}
            scope={{ foodcourts: program?.foodcourts ?? [], restaurants: program?.restaurants ?? [] }}
            error={fieldState.error ? t('loyalty.rewards.form.pickItem') : undefined}
          />
        )}
      />
      <FormNumberField
        key="quantity"
        control={control}
        name="reward.quantity"
        label={t('loyalty.rewards.form.quantity')}
        whole
        sx={{ maxWidth: 200 }}
      />
    </>
  );
}
