import type { FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MENU_ITEM_MESSAGES, SUBMENU_MESSAGES, type RuleError } from '@cd/core';
import { AppError } from '../../lib/errors.js';

/** Keys the item schema itself carries as messages, with their English text. */
const SCHEMA_KEY_MESSAGES: Record<string, string> = {
  ...MENU_ITEM_MESSAGES,
  ...SUBMENU_MESSAGES,
};
const RULE_KEY = /^[A-Za-z_]+(\.[A-Za-z0-9_]+)+$/;

/** 400 for rules of packages/core: extras.code is the first rule's key, extras.errors all of them. */
export function ruleFailure(errors: RuleError[]): AppError {
  const first = errors[0]!;
  return new AppError(400, first.key, first.message, { ...(first.field ? { field: first.field } : {}), errors });
}

/**
 * For routes declared with `attachValidation`: a body the zod schema refuses answers 400 like every other
 * invalid request, except that a schema message which is a rule key (editMenu.emptyFoodname,
 * editMenu.formFieldLabels.dateLimitExceededError…) becomes extras.code, so the editor shows the same
 * translated message whether its own check or the server's caught it.
 */
export function assertValidRequest(request: FastifyRequest): void {
  const err = request.validationError;
  if (!err) return;
  if (!hasZodFastifySchemaValidationErrors(err)) throw err;
  const issues = (err.validation as { instancePath: string; message?: string }[]).map((v) => ({
    path: v.instancePath,
    message: v.message ?? 'is invalid',
  }));
  const first = issues[0]!;
  const field = first.path.replace(/^\//, '').replace(/\//g, '.');
  if (RULE_KEY.test(first.message)) {
    const errors: RuleError[] = issues
      .filter((i) => RULE_KEY.test(i.message))
      .map((i) => ({
        key: i.message,
        message: SCHEMA_KEY_MESSAGES[i.message] ?? i.message,
        field: i.path.replace(/^\//, '').replace(/\//g, '.'),
      }));
    throw ruleFailure(errors);
  }
  throw new AppError(400, 'invalidRequest', field ? `${field}: ${first.message}` : first.message, { field, issues });
}
