import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import type { LoyaltyProgram, LoyaltyReward } from '@cd/core';
import { DATE_FORMAT, SYNC_TIME_FORMAT } from '../../lib/format';
import { moneyAdornment } from '../../components/money-adornment';
import { moneyFormatter } from '../../lib/money';
import { currentRegion } from '../../lib/region';
import { itemName } from '../offers';

/** A time of the API (ISO) as DD-MM-YYYY HH:mm local time (spec 000 §9); '—' when none. */
export const formatTime = (value: string | null | undefined) =>
  value ? (dayjs(value).isValid() ? dayjs(value).format(SYNC_TIME_FORMAT) : value) : '—';

/** A calendar day 'YYYY-MM-DD' as DD-MM-YYYY. */
export const formatDay = (value: string) => (dayjs(value).isValid() ? dayjs(value).format(DATE_FORMAT) : value);

const counts = new Intl.NumberFormat(currentRegion().language);
/** A count as this deployment writes numbers. */
export const formatCount = (value: number) => counts.format(value);

/** Points with their sign: +50, −20 (a true minus), 0. */
export const signedPoints = (value: number) =>
  value > 0 ? `+${formatCount(value)}` : value < 0 ? `\u2212${formatCount(-value)}` : '0';

/** What a program's amounts are in: its restaurants' currency (or currencies). */
export type ProgramMoney = Pick<LoyaltyProgram, 'currency' | 'currencies'>;

/**
 * The money style of a program's amounts (issue 33), through the one money format: its restaurants' currency;
 * no symbol when they have several (no one symbol is right); the deployment's when none is known (a program not
 * yet saved, or restaurants without a currency), as every record without a currency of its own.
 */
function programRegion(program: ProgramMoney | undefined) {
  const region = currentRegion();
  return mixedMoney(program) ? { ...region, flags: { ...region.flags, noCurrencySymbol: true } } : region;
}

const mixedMoney = (program: ProgramMoney | undefined) =>
  Boolean(program && !program.currency && program.currencies.length > 1);

/** An amount in a program's money, without decimals when it has none (₹10, £12.50; 10 in a mixed program). */
export function shortMoney(amount: number, program?: ProgramMoney) {
  const text = moneyFormatter(program?.currency || undefined, programRegion(program))(amount);
  return Number.isInteger(amount) ? text.replace(/[.,]0+$/, '') : text;
}

/**
 * The symbol beside a money input of a program, for FormNumberField's `slotProps.input.startAdornment` (it
 * overrides the deployment's symbol `money` puts there); none in a program of several currencies.
 */
export const programAdornment = (program: ProgramMoney | undefined) =>
  mixedMoney(program) ? undefined : moneyAdornment(program?.currency || undefined);

/** The program's name for its points, for `count` of them: "1 point", "5 points", or the program's own word. */
export function pointsWord(t: TFunction, program: Pick<LoyaltyProgram, 'points_name'>, count: number) {
  const own = program.points_name.trim();
  return !own || own.toLowerCase() === 'points' ? t('loyalty.earn.pointsWord', { count }) : own;
}

type Earning = Pick<LoyaltyProgram, 'kind' | 'points' | 'stamps' | 'points_name'> & ProgramMoney;

/**
 * How a program earns, in words, its amounts in its restaurants' currency: "1 point per ₹10 · 5 per visit · ×2 on 01-12-2026…07-12-2026", or for a stamp
 * card "8 stamps for a reward · on 3 items · at most 2 an order".
 */
export function earnSummary(t: TFunction, program: Earning): string {
  const parts: string[] = [];
  if (program.kind === 'stamps') {
    const s = program.stamps;
    if (!s) return t('loyalty.earn.none');
    parts.push(t('loyalty.earn.stamps', { count: s.required }));
    const on = [
      ...(s.items.length ? [t('loyalty.earn.itemsCount', { count: s.items.length })] : []),
      ...(s.categories.length ? [t('loyalty.earn.categoriesCount', { count: s.categories.length })] : []),
    ];
    if (on.length) parts.push(t('loyalty.earn.stampsOn', { what: on.join(', ') }));
    if (s.max_per_order > 0) parts.push(t('loyalty.earn.maxPerOrder', { count: s.max_per_order }));
    return parts.join(t('loyalty.earn.separator'));
  }
  const e = program.points;
  if (!e) return t('loyalty.earn.none');
  if (e.per_amount)
    parts.push(
      t('loyalty.earn.perAmount', {
        points: formatCount(e.per_amount.points),
        name: pointsWord(t, program, e.per_amount.points),
        per: shortMoney(e.per_amount.per, program),
      }),
    );
  if (e.per_item.length)
    parts.push(t('loyalty.earn.perItem', { count: e.per_item.length, name: pointsWord(t, program, 2) }));
  if (e.per_visit > 0)
    parts.push(
      e.visit_min_spend > 0
        ? t('loyalty.earn.perVisitMin', {
            points: formatCount(e.per_visit),
            min: shortMoney(e.visit_min_spend, program),
          })
        : t('loyalty.earn.perVisit', { points: formatCount(e.per_visit) }),
    );
  for (const m of e.multipliers)
    parts.push(t('loyalty.earn.multiplier', { factor: m.factor, from: formatDay(m.from), to: formatDay(m.to) }));
  return parts.length ? parts.join(t('loyalty.earn.separator')) : t('loyalty.earn.none');
}

/** "Never", or "30 days". */
export const expiryText = (t: TFunction, days: number | null) =>
  days ? t('loyalty.expiry.days', { count: days }) : t('loyalty.expiry.never');

/** What a reward costs: "120 points", "a full card (8 stamps)", "4 stamps"; a number when the program is unknown. */
export function costText(t: TFunction, cost: number, program: Earning | undefined) {
  if (!program) return formatCount(cost);
  if (program.kind === 'stamps')
    return program.stamps && cost === program.stamps.required
      ? t('loyalty.rewards.costCard', { count: cost })
      : t('loyalty.rewards.costStamps', { count: cost });
  return t('loyalty.rewards.costPoints', { count: cost, name: pointsWord(t, program, cost) });
}

/**
 * A reward in words: "1 × Chicken biryani free", "₹50 off the order" (in its program's currency), "10% off the
 * order".
 */
export function rewardText(
  t: TFunction,
  reward: LoyaltyReward['reward'],
  program?: ProgramMoney,
  /** The item's name the server gives (the list); else one the item picker has seen; else a word, never the id. */
  givenName?: string | null,
) {
  switch (reward.kind) {
    case 'free_item': {
      const known = itemName(reward.foodid);
      const name = givenName || (known !== reward.foodid ? known : t('loyalty.rewards.unknownItem'));
      return t('loyalty.rewards.freeItem', { quantity: reward.quantity, name });
    }
    case 'amount':
      return t('loyalty.rewards.amountOff', { amount: shortMoney(reward.amount, program) });
    case 'percent':
      return t('loyalty.rewards.percentOff', { percent: reward.percent });
  }
}
