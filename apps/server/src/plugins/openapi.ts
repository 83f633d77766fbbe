import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorEnvelope } from '@cd/core';
import type { RoutePermission } from './permissions.js';
import { unauthorized } from '../lib/errors.js';
import { checkedSerializer, type ResponseCheck } from './response-check.js';

/** Error answers a route may declare besides those its kind always has (see `errorResponses`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 416 | 429 | 502;

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyContextConfig {
    /** The error answers this route's own service can give (404 when it looks something up, 409 …). */
    errors?: readonly ErrorStatus[];
  }
}

/** The tags of the API description, each explained once. */
export const API_TAGS = [
  {
    name: 'sign-in',
    description: 'Sign-in, sign-out and single sign-on (spec 000 §2.1, §4, §5). Public, rate-limited.',
  },
  { name: 'profile', description: "The signed-in user's profile and the shell's start-up calls (spec 000 §3, §7)." },
  {
    name: 'goto',
    description: "The shell's Go to box (Ctrl+K): a few records of each kind the caller may open, within their sites.",
  },
  { name: 'users', description: 'Create/Edit User (page vendor): users the caller may manage.' },
  { name: 'ad users', description: 'AD / SSO users (page ad-user-management): accounts that sign in by SSO only.' },
  { name: 'permission profiles', description: 'Named permission sets applied to users (page permissionProfile).' },
  { name: 'site profiles', description: 'Named sets of sites applied to users (page siteProfile).' },
  {
    name: 'saved views',
    description: 'Named filters, sort and columns of a list, for oneself or shared with a permission profile.',
  },
  { name: 'sites', description: 'Organisations, food courts and restaurants (spec 000 §2.3, spec 001 §3.1–3.2).' },
  { name: 'menu', description: 'Menu items, categories and menu-mode submenus (spec 001 §3.5–3.7).' },
  { name: 'price books', description: 'Price-book paths, item prices and price-book submenus (spec 001 §3.8–3.9).' },
  { name: 'allergens', description: "The allergen catalogue and the item editor's option lists." },
  { name: 'media', description: 'The image manager (spec 001 §7) and the public files it serves.' },
  { name: 'jobs', description: "The signed-in user's background tasks, their files and the event stream." },
  { name: 'bulk', description: 'Excel bulk operations on menus, each run as a background task (page bulkops).' },
  {
    name: 'orders',
    description: 'Order history (page preorderhistory) and refunds (page refunds) of the caller’s sites.',
  },
  {
    name: 'ingest',
    description: 'The ordering apps send and update orders here, with an API key instead of a session.',
  },
  { name: 'api keys', description: 'API keys of the ordering apps (administrators only).' },
  {
    name: 'invoices',
    description: 'Numbered PDF invoices of orders and the credit notes that cancel them (page invoice).',
  },
  { name: 'feedback', description: 'Customer feedback and support tickets of the caller’s sites (page feedback).' },
  {
    name: 'counters',
    description:
      'Counter templates, counters, their devices and licences, device pairing and heartbeats, and cashiers ' +
      '(pages counterTemplate, counterManagement, cashier-management).',
  },
  {
    name: 'marketing',
    description:
      'Customer groups, offers (promotions and discounts) with their codes and results, the "try a cart" panel, ' +
      'campaigns with a control group, and upsell rules (pages groups, promotions, offers-discount, campaign, upselling-items).',
  },
  {
    name: 'content',
    description:
      'HTML pages with revisions, the news feed with polls, notifications and their runs, food pictures, PDF ' +
      'documents and banner programs (pages htmlmanager, buzzfeed, notifications, foodpic_dashboard, ' +
      'general_pdf_documents, bannerPrograms), and what the ordering apps read of them.',
  },
  {
    name: 'dayend',
    description: "Closing a restaurant's business day: blockers, Z totals, counted cash, close, reopen and the log.",
  },
  {
    name: 'sap',
    description:
      'SAP posting rules, the posting preview, uploads of closed days (CSV and IDoc XML, SFTP) and the SAP log.',
  },
  {
    name: 'reports',
    description:
      'Sales, item-wise, tax and production-planning reports from daily rollups, the sales dashboard, report exports, ' +
      'scheduled reports and embedded BI dashboards.',
  },
  { name: 'system', description: 'Health of the service.' },
] as const;
const TAG_NAMES = new Set<string>(API_TAGS.map((t) => t.name));

const ERROR_TEXT: Record<ErrorStatus, string> = {
  400: 'Invalid request: `message` and `extras.field` name the offending field',
  401: 'Not signed in, or the session ended (`You are logged out. Login again`, `invalid cookie`)',
  403: 'Not allowed: without the page permission or a fine permission (`forbidden`), read-only (`readOnly`)',
  404: 'Not found, or not one of the caller’s sites (`extras.code` says what)',
  409: 'Conflict: changed by someone else since it was read (`versionConflict`, with who and when), or a rule of the data refuses it (`extras.code`)',
  413: 'The upload is too large',
  416: 'The requested byte range is outside the file',
  429: 'Too many requests: from this address (`tooManyRequests`), or a limit `extras.code` names; `Retry-After` says when to try again when known',
  502: 'A message could not be delivered (`otpDeliveryFailed`)',
};

type Transformed = ReturnType<typeof jsonSchemaTransform>;
type JsonSchema = { enum?: unknown[]; description?: string };

/** Answers without a body (304, 302) are `z.null()`; the description shows them without content. */
function withoutBodies(result: Transformed): Transformed {
  const response = (result.schema as { response?: Record<string, JsonSchema> } | undefined)?.response;
  if (!response) return result;
  for (const [code, schema] of Object.entries(response)) {
    if (schema.enum?.length === 1 && schema.enum[0] === null)
      response[code] = { type: 'null', description: schema.description } as JsonSchema;
  }
  return result;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const methodsOf = (route: RouteOptions) => [route.method].flat().map(String);

function accessText(permission: RoutePermission | undefined): string {
  if (!permission) return 'No session needed.';
  if (permission === 'public') return 'Public: no session needed.';
  if (permission === 'authenticated') return 'Any signed-in user.';
  if (permission === 'apiKey') return 'Needs an API key of an ordering app (no session).';
  if (permission === 'device') return 'For a paired device: its token as `Authorization: Device <token>` (no session).';
  const pages = [permission.page].flat().map((p) => `\`${p}\``);
  const need =
    pages.length === 1 ? `the page permission ${pages[0]}` : `one of the page permissions ${pages.join(', ')}`;
  return `Needs ${need}${permission.read ? ' (read-only holders may call it)' : ''}.`;
}

/** The error answers of a route: by its kind (input, session, page, rate limit) plus the ones it declares. */
export function errorResponses(route: RouteOptions): ErrorStatus[] {
  const schema = route.schema ?? {};
  const permission = route.config?.permission;
  const codes = new Set<ErrorStatus>(route.config?.errors ?? []);
  const hasInput = schema.body || schema.querystring || schema.params || (schema.consumes?.length ?? 0) > 0;
  if (hasInput) codes.add(400);
  if (permission && permission !== 'public') codes.add(401);
  const writes = methodsOf(route).some((m) => !SAFE.has(m));
  // Page routes refuse callers without the page; any browser write from another origin is refused too.
  if (typeof permission === 'object' || (writes && permission)) codes.add(403);
  if (route.config?.rateLimit) codes.add(429);
  return [...codes].sort((a, b) => a - b);
}

/**
 * The API description (`/docs`, `/docs/json`) and the response checks. Every documented route names an
 * operationId, a summary and a declared tag (the server refuses to start otherwise); its description says who
 * may call it, and its error answers are added here from its kind, with the one failure envelope of core.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl: string; apiPrefix: string; responseCheck: ResponseCheck }) => {
    app.setSerializerCompiler(checkedSerializer(opts.responseCheck, app.log));
    // The page (/docs) is served by docsUiPlugin, registered after the session plugin so it can ask for one.
    await app.register(swagger, {
      openapi: {
        info: {
          title: 'Control Desk API',
          version: '0.1.0',
          description:
            'Back-office API under /v2/bck (DESIGN.md §4). Success answers are `{result: "success", …}`; failures ' +
            '`{result: "failure", message, extras: {code, …}}`. Sign-in sets the `cd_session` cookie.',
          contact: { name: 'Control Desk', url: `${opts.publicUrl}/docs` },
        },
        servers: [{ url: opts.publicUrl, description: 'This deployment' }],
        tags: API_TAGS.map((t) => ({ ...t })),
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'cd_session' },
            device: { type: 'http', scheme: 'Device', description: 'The token a device got when it paired' },
            apiKey: { type: 'http', scheme: 'bearer', description: 'An ordering app’s API key (cdk_…)' },
          },
        },
      },
      transform: (document) => {
        // `/files/*` is a wildcard to the router; in the description it is one path parameter holding the key.
        if (document.url === '/files/*') {
          const params = z.object({ key: z.string().meta({ description: 'e.g. media/<uuid>.png' }) });
          return {
            ...withoutBodies(jsonSchemaTransform({ ...document, schema: { ...document.schema, params } })),
            url: '/files/{key}',
          };
        }
        return withoutBodies(jsonSchemaTransform(document));
      },
    });

    const operationIds = new Set<string>();
    app.addHook('onRoute', (route) => {
      const schema = route.schema;
      const documented = route.url.startsWith(opts.apiPrefix) || route.url.startsWith('/files/');
      if (!documented || schema?.hide || route.method === 'HEAD') return;
      const name = `${methodsOf(route).join(',')} ${route.url}`;
      const tag = schema?.tags?.[0];
      if (!schema?.operationId || !schema.summary || !tag) {
        throw new Error(`Route ${name} needs an operationId, a summary and a tag for the API description`);
      }
      if (operationIds.has(schema.operationId))
        throw new Error(`Route ${name}: operationId ${schema.operationId} is taken`);
      if (!schema.tags!.every((t) => TAG_NAMES.has(t))) throw new Error(`Route ${name}: tag ${tag} is not in API_TAGS`);
      operationIds.add(schema.operationId);
      const permission = route.config?.permission;
      const errors = Object.fromEntries(
        errorResponses(route).map((code) => [code, errorEnvelope.describe(ERROR_TEXT[code])]),
      );
      // A success answer without its own description is described by the route's summary.
      const own = Object.entries((schema.response ?? {}) as Record<string, unknown>).map(([code, answer]) => [
        code,
        code.startsWith('2') && answer instanceof z.ZodType && !answer.description
          ? answer.describe(schema.summary!)
          : answer,
      ]);
      route.schema = {
        ...schema,
        description: [schema.description, accessText(permission)].filter(Boolean).join('\n\n'),
        security:
          permission === 'public' || !permission
            ? []
            : permission === 'apiKey'
              ? [{ apiKey: [] }]
              : permission === 'device'
                ? [{ device: [] }]
                : [{ session: [] }],
        response: { ...errors, ...Object.fromEntries(own) },
      };
    });
  },
);

/**
 * The API description's page and document: `/docs` (Swagger UI), `/docs/json`, `/docs/yaml`. Public unless
 * `docsPublic` is false (production without DOCS_PUBLIC=true): then only signed-in users get them, since the
 * description maps every route an attacker could try. Register it after the session plugin.
 */
export const docsUiPlugin = fp(async (app: FastifyInstance, opts: { docsPublic: boolean }) => {
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiHooks: {
      onRequest: async (request) => {
        if (!opts.docsPublic && !request.user) {
          throw unauthorized(
            request.sessionProblem === 'invalid' ? 'invalid cookie' : 'Sign in to read the API description',
          );
        }
      },
    },
  });
});
