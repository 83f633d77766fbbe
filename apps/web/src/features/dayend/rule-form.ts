import { z } from 'zod';
import { sapRuleBody, type SapRuleBody, type SapRuleView } from '@cd/core';

/** The rule dialog's fields as typed: numbers as text ('' tax rate = any), '' conditions = any. */
export type RuleValues = {
  kind: string;
  client: string;
  foodcourt: string;
  restaurant: string;
  category: string;
  tax_rate: string;
  tender: string;
  channel: string;
  gl_account: string;
  cost_center: string;
  profit_center: string;
  tax_code: string;
  priority: string;
  active: boolean;
};

export function toRuleValues(rule?: SapRuleView): RuleValues {
  return {
    kind: rule?.kind ?? '',
    client: rule?.client ?? '',
    foodcourt: rule?.foodcourt ?? '',
    restaurant: rule?.restaurant ?? '',
    category: rule?.category ?? '',
    tax_rate: rule?.tax_rate === null || rule?.tax_rate === undefined ? '' : String(rule.tax_rate),
    tender: rule?.tender ?? '',
    channel: rule?.channel ?? '',
    gl_account: rule?.gl_account ?? '',
    cost_center: rule?.cost_center ?? '',
    profit_center: rule?.profit_center ?? '',
    tax_code: rule?.tax_code ?? '',
    priority: String(rule?.priority ?? 100),
    active: rule?.active ?? true,
  };
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/** The body the API takes, before core's schema checks it. */
function toBody(values: RuleValues): Record<string, unknown> {
  const number = (text: string) => (NUMBER.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  return {
    ...values,
    kind: values.kind || undefined,
    tax_rate: values.tax_rate.trim() === '' ? null : number(values.tax_rate),
    priority: number(values.priority),
  };
}

const text = z.string();
/**
 * The dialog's values checked with core's sapRuleBody (the API checks the same), each problem put under its
 * field, then turned into the body sent.
 */
export const ruleFormSchema = z
  .object({
    kind: text,
    client: text,
    foodcourt: text,
    restaurant: text,
    category: text,
    tax_rate: text,
    tender: text,
    channel: text,
    gl_account: text,
    cost_center: text,
    profit_center: text,
    tax_code: text,
    priority: text,
    active: z.boolean(),
  })
  .superRefine((values, ctx) => {
    const body = toBody(values);
    if (!values.kind) ctx.addIssue({ code: 'custom', path: ['kind'], message: 'Choose what the rule posts' });
    if (Number.isNaN(body.tax_rate))
      ctx.addIssue({ code: 'custom', path: ['tax_rate'], message: 'Enter a rate in percent, or leave it empty' });
    if (Number.isNaN(body.priority))
      ctx.addIssue({ code: 'custom', path: ['priority'], message: 'Enter a whole number' });
    const checked = sapRuleBody.safeParse(body);
    if (checked.success) return;
    for (const issue of checked.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field === 'kind' || Number.isNaN(body[field])) continue;
      ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
    }
  })
  .transform((values) => sapRuleBody.parse(toBody(values)) as SapRuleBody);
