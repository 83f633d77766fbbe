import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { AppError } from './lib/errors.js';
import { createFileStore } from './lib/file-store.js';
import { databaseRateLimitStore } from './lib/rate-limit-store.js';
import { safeError, safeRequest } from './lib/safe-error.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { createDelivery, type Delivery } from './modules/auth/delivery.js';
import { OtpService } from './modules/auth/otp.service.js';
import { accessProfilesRoutes } from './modules/access-profiles/access-profiles.routes.js';
import { profileRoutes } from './modules/profile/profile.routes.js';
import { dashboardDataRoutes } from './modules/profile/dashboard-data.routes.js';
import { shellDataRoutes } from './modules/profile/shell-data.routes.js';
import { fileRoutes } from './modules/media/files.routes.js';
import { imageManagerRoutes } from './modules/media/media.routes.js';
import { sitesRoutes } from './modules/sites/sites.routes.js';
import { menuRoutes } from './modules/menu/menu.routes.js';
import { pricebookRoutes } from './modules/pricebook/pricebook.routes.js';
import { allergensRoutes } from './modules/allergens/allergens.routes.js';
import { savedViewsRoutes } from './modules/saved-views/saved-views.routes.js';
import { adUsersRoutes } from './modules/users/ad-users.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { UsersService } from './modules/users/users.service.js';
import { ssoRoutes } from './modules/sso/sso.routes.js';
import { JobService } from './modules/jobs/index.js';
import { eventsRoutes } from './modules/jobs/events.routes.js';
import { loyaltyRoutes, startLoyaltyExpiry } from './modules/loyalty/loyalty.routes.js';
import { subscriptionsRoutes } from './modules/loyalty/subscriptions.routes.js';
import { contentRoutes, startContentTasks } from './modules/content/index.js';
import { contentFilesRoutes, startDocumentReminders } from './modules/content-files/index.js';
import { classificationsRoutes } from './modules/classifications/index.js';
import { inventoryRoutes } from './modules/inventory/index.js';
import { cloneRoutes, startLinkedMenus } from './modules/clone/index.js';
import {
  menuChangesRoutes,
  menuHistoryRoutes,
  startMenuChanges,
  startMenuHistoryPrune,
} from './modules/menu/history.js';
import { productionPlanningRoutes } from './modules/production-planning/index.js';
import { posSyncRoutes } from './modules/pos-sync/index.js';
import { pagePreloader } from './lib/page-preloads.js';
import { webAssets } from './lib/web-assets.js';
import { SESSION_COOKIE } from './modules/auth/session.store.js';
import {
  campaignsRoutes,
  groupsRoutes,
  OfferBook,
  offersRoutes,
  quoteRoutes,
  startMarketingTasks,
  upsellRoutes,
} from './modules/marketing/index.js';
import { jobsRoutes } from './modules/jobs/jobs.routes.js';
import { registerTestHandlers, testJobRoutes } from './modules/jobs/test-handlers.js';
import { bulkRoutes } from './modules/bulk/index.js';
import { ListExports } from './modules/list-export/index.js';
import { ApiKeysService, apiKeysRoutes } from './modules/api-keys/index.js';
import { ingestRoutes, ordersRoutes } from './modules/orders/index.js';
import { gotoRoutes } from './modules/goto/index.js';
import { invoicesRoutes } from './modules/invoices/index.js';
import { feedbackIngestRoutes, feedbackRoutes } from './modules/feedback/index.js';
import { dayendRoutes, sapRoutes, sftpTarget, startAutoDayEnd } from './modules/dayend/index.js';
import {
  cashiersRoutes,
  counterTemplateRoutes,
  countersRoutes,
  devicesRoutes,
  pushRoutes,
  qrLinkRoute,
  qrRoutes,
  startDeviceSweep,
} from './modules/counters/index.js';
import {
  builtFrameOrigins,
  createReportMailer,
  FrameSources,
  reportEmbedRoutes,
  reportScheduleRoutes,
  ReportScheduler,
  reportsRoutes,
  startCompaction,
} from './modules/reports/index.js';
import { errorsPlugin } from './plugins/errors.js';
import { inputGuardPlugin } from './plugins/input-guard.js';
import { originCheckPlugin } from './plugins/origin-check.js';
import { docsUiPlugin, openapiPlugin } from './plugins/openapi.js';
import { permissionsPlugin, type RouteEntry } from './plugins/permissions.js';
import { sessionPlugin } from './plugins/session.js';
import { tenantScopePlugin } from './plugins/tenant-scope.js';

export const API_PREFIX = '/v2/bck';

/** TRUST_PROXY as Fastify takes it: off, a list of proxy addresses / CIDR blocks, or the nearest N hops. */
function trustProxyOption(
  trust: Config['TRUST_PROXY'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

export type BuildOptions = {
  config: Config;
  db: Db;
  secret: string;
  /** Replaces the configured code delivery (tests use the real outbox; this is for failure tests). */
  delivery?: Delivery;
  logger?: boolean;
  /** Tests: log (JSON lines, at config.LOG_LEVEL) to this stream, to check what reaches the log. */
  logStream?: NodeJS.WritableStream;
  /** `worker`: a process that only runs jobs (npm run worker): no event hub. */
  role?: 'api' | 'worker';
};

export type App = FastifyInstance & { routeTable: RouteEntry[] };

export async function buildApp({
  config,
  db,
  secret,
  delivery,
  logger = true,
  logStream,
  role = 'api',
}: BuildOptions): Promise<App> {
  const app = Fastify({
    logger:
      logger || logStream
        ? {
            level: config.LOG_LEVEL,
            ...(logStream ? { stream: logStream } : {}),
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            // A failed query's SQL and parameters, and the values PostgreSQL quotes, never reach the log.
            // Query values (search terms, the SSO callback's code and state) neither.
            serializers: { err: safeError, req: safeRequest },
          }
        : false,
    // X-Forwarded-* is believed only from the proxies TRUST_PROXY names (off by default): otherwise any client
    // could choose its own address and step around the per-IP limits. A hop count trusts the nearest N hops
    // whatever their address (Fastify itself refuses bare counts, so it is given as a function).
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);

  const routeTable: RouteEntry[] = [];

  // First of all: each request runs under its caller's tenant scope (row-level security, db/tenant-scope.ts).
  await app.register(tenantScopePlugin, { db });

  // Answers are checked against their response schemas: strictly in tests, logged in development.
  const responseCheck = config.RESPONSE_CHECK ?? (config.NODE_ENV === 'test' ? 'strict' : 'off');
  await app.register(openapiPlugin, {
    publicUrl: config.publicUrl,
    apiPrefix: API_PREFIX,
    responseCheck,
  });

  await app.register(cookie);
  // Frames may show this origin, the build's (the v2 submenu management) and the configured dashboards'
  // (/power_bi_reports), which change at run time: the list is kept by FrameSources and read for each answer.
  const frameSources = new FrameSources(db, builtFrameOrigins(config.webDist, app.log), app.log);
  app.addHook('onReady', async () =>
    frameSources.refresh().catch((err: unknown) => app.log.warn({ err }, 'could not read the dashboard origins')),
  );
  // Helmet's middleware is built once and run for every answer (the Fastify wrapper rebuilt it, parsing every
  // directive, on each request: ~2 % of a busy process).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: [() => frameSources.directive()],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: config.production ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // With helmet's default (no-referrer) Chromium sends `Origin: null` on form posts, which the same-origin
    // check must refuse; this policy keeps the origin on same-site requests and leaks no path cross-site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
  // The per-IP limits are counted in the database, so every API process behind a load balancer counts the same
  // hits (lib/rate-limit-store.ts; docs/deployment.md).
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db) });
  await app.register(errorsPlugin);
  await app.register(originCheckPlugin, { publicUrl: config.publicUrl });
  await app.register(sessionPlugin, { db, config });
  await app.register(docsUiPlugin, { docsPublic: config.docsPublic });
  await app.register(permissionsPlugin, { apiPrefix: API_PREFIX, routeTable });
  // After the permission guard: NUL characters anywhere in the input are refused with 400 naming the field.
  await app.register(inputGuardPlugin);

  const otp = new OtpService(db, config, secret, delivery ?? createDelivery(config, app.log), app.log);
  const files = createFileStore(config);

  // The job system (modules/jobs/index.ts): operations register handlers on app.jobs while their routes are
  // registered; it starts (pg-boss, recovery, worker unless JOBS_WORKER=off) when the app is ready.
  const jobs = new JobService({
    db,
    config,
    log: app.log,
    worker: role === 'worker' || config.jobsWorker,
    events: role === 'api',
  });
  app.decorate('jobs', jobs);
  // Exports of the resource lists (modules/list-export): list modules declare theirs while registering.
  app.decorate('listExports', new ListExports(jobs, db, config.EXPORT_INLINE_MAX_ROWS));
  if (config.jobsTestHandlers) registerTestHandlers(jobs);
  app.addHook('onReady', async () => jobs.start());
  // Scheduled reports are sent by the processes that run jobs (issue 14 point 7).
  const reportScheduler = new ReportScheduler(db, config, createReportMailer(config, app.log), app.log);
  app.decorate('reportScheduler', reportScheduler);
  // Rollup compaction too: both run where jobs run (the API process by default, or `npm run worker`). The periodic
  // tasks below claim each round in the database first (lib/periodic.ts), so with several job-running processes each
  // round runs in one of them; scheduled reports are claimed row by row (SKIP LOCKED).
  let stopCompaction: (() => Promise<void>) | null = null;
  let stopAutoDayEnd: (() => Promise<void>) | null = null;
  let stopDeviceSweep: (() => Promise<void>) | null = null;
  let stopMarketing: (() => Promise<void>) | null = null;
  let stopLoyalty: (() => Promise<void>) | null = null;
  let stopContent: (() => Promise<void>) | null = null;
  let stopReminders: (() => Promise<void>) | null = null;
  let stopLinkedMenus: (() => Promise<void>) | null = null;
  let stopMenuHistoryPrune: (() => Promise<void>) | null = null;
  let stopMenuChanges: (() => Promise<void>) | null = null;
  if (role === 'worker' || config.jobsWorker) {
    app.addHook('onReady', async () => {
      reportScheduler.start(config.REPORT_SCHEDULE_SECONDS * 1000);
      stopCompaction = startCompaction(db, config.ROLLUP_COMPACT_SECONDS * 1000, app.log);
      stopAutoDayEnd = startAutoDayEnd(db, config.DAYEND_AUTO_SECONDS * 1000, app.log);
      stopDeviceSweep = startDeviceSweep(db, config.DEVICE_SWEEP_SECONDS * 1000, app.log);
      stopMarketing = startMarketingTasks(db, config, app.log);
      stopLoyalty = startLoyaltyExpiry(db, config.LOYALTY_EXPIRY_SECONDS * 1000, app.log);
      stopContent = startContentTasks(db, config, app.log);
      stopReminders = startDocumentReminders(db, config, app.log);
      stopLinkedMenus = startLinkedMenus(db, jobs, config.LINKED_MENU_SECONDS, app.log);
      stopMenuHistoryPrune = startMenuHistoryPrune(db, config.MENU_HISTORY_DAYS, app.log);
      stopMenuChanges = startMenuChanges(db, config.MENU_CHANGE_SECONDS, app.log);
    });
  }
  app.addHook('onClose', async () => {
    await stopCompaction?.();
    await stopAutoDayEnd?.();
    await stopDeviceSweep?.();
    await stopMarketing?.();
    await stopLoyalty?.();
    await stopContent?.();
    await stopReminders?.();
    await stopLinkedMenus?.();
    await stopMenuHistoryPrune?.();
    await stopMenuChanges?.();
  });
  app.addHook('onClose', async () => reportScheduler.stop());
  app.addHook('onClose', async () => jobs.stop());

  // Printed QR codes carry signed short links (issue 16); /q/:code sends the phone to the ordering app.
  const qrSigning = {
    secret,
    publicUrl: config.publicUrl,
    targetUrl: config.ORDERING_APP_URL ?? `${config.publicUrl}/order`,
  };
  await app.register(qrLinkRoute, { db, signing: qrSigning });

  await app.register(
    async (api) => {
      await api.register(authRoutes, { db, config, otp });
      await api.register(ssoRoutes, { db, config, secret });
      await api.register(profileRoutes, { db });
      await api.register(shellDataRoutes, { db });
      await api.register(dashboardDataRoutes, { db });
      const users = new UsersService(db, app.sessions);
      await api.register(usersRoutes, { service: users });
      await api.register(adUsersRoutes, { service: users });
      await api.register(gotoRoutes, { db, users });
      await api.register(accessProfilesRoutes, { db });
      await api.register(imageManagerRoutes, { db, config, files });
      await api.register(sitesRoutes, { db });
      await api.register(menuRoutes, { db });
      await api.register(menuHistoryRoutes, { db, keepDays: config.MENU_HISTORY_DAYS });
      await api.register(menuChangesRoutes, { db });
      await api.register(pricebookRoutes, { db });
      await api.register(allergensRoutes, { db });
      await api.register(savedViewsRoutes, { db });
      await api.register(jobsRoutes, { db, jobs });
      await api.register(eventsRoutes, {
        db,
        hub: jobs.hub,
        sessionIdleMs: config.SESSION_IDLE_MINUTES * 60_000,
        heartbeatMs: config.SSE_HEARTBEAT_SECONDS * 1000,
      });
      await api.register(bulkRoutes, { db });
      const apiKeys = new ApiKeysService(db);
      await api.register(apiKeysRoutes, { keys: apiKeys });
      await api.register(ingestRoutes, { db, keys: apiKeys });
      await api.register(ordersRoutes, { db });
      await api.register(invoicesRoutes, { db });
      await api.register(feedbackRoutes, { db });
      await api.register(reportsRoutes, { db });
      await api.register(reportScheduleRoutes, { db });
      await api.register(reportEmbedRoutes, { db, frameSources });
      await api.register(counterTemplateRoutes, { db });
      await api.register(countersRoutes, { db });
      await api.register(devicesRoutes, { db, pairRate: config.DEVICE_PAIR_RATE_PER_MINUTE });
      await api.register(cashiersRoutes, { db });
      await api.register(pushRoutes, { db });
      await api.register(qrRoutes, { db, signing: qrSigning });
      await api.register(dayendRoutes, { db });
      await api.register(sapRoutes, { db, sftp: () => sftpTarget(config.SAP_SFTP_URL, config.SAP_SFTP_HOST_KEY) });
      await api.register(feedbackIngestRoutes, { db, keys: apiKeys });
      const offerBook = new OfferBook(db);
      await api.register(groupsRoutes, { db });
      await api.register(offersRoutes, { db, book: offerBook });
      await api.register(quoteRoutes, { db, keys: apiKeys, book: offerBook });
      await api.register(campaignsRoutes, { db });
      await api.register(upsellRoutes, { db, book: offerBook });
      await api.register(loyaltyRoutes, { db, keys: apiKeys, offersChanged: offerBook.invalidate });
      await api.register(subscriptionsRoutes, { db, keys: apiKeys });
      await api.register(contentRoutes, { db, config, keys: apiKeys });
      await api.register(contentFilesRoutes, { db, config, files, keys: apiKeys });
      await api.register(classificationsRoutes, { db });
      await api.register(inventoryRoutes, { db, keys: apiKeys });
      await api.register(cloneRoutes, { db });
      await api.register(productionPlanningRoutes, { db, config, keys: apiKeys });
      await api.register(posSyncRoutes, { db, config, keys: apiKeys });
      if (config.jobsTestHandlers) await api.register(testJobRoutes, { db });
      api.withTypeProvider<ZodTypeProvider>().get(
        '/health',
        {
          config: { permission: 'public' },
          schema: {
            tags: ['system'],
            operationId: 'getHealth',
            summary: 'Liveness',
            response: { 200: z.object({ result: z.literal('success'), status: z.literal('ok') }) },
          },
        },
        async () => ({ result: 'success' as const, status: 'ok' as const }),
      );
    },
    { prefix: API_PREFIX },
  );

  // Uploaded media at /files/<key> (public, outside the API prefix: see modules/media/files.routes.ts).
  await app.register(fileRoutes, { files });

  if (config.demoIdp) {
    // Loaded only when on: the OpenID provider library is large and production servers never mount it.
    const { mountDemoIdp } = await import('./modules/sso/demo-idp.js');
    await mountDemoIdp(app, config, { db, secret });
  }

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  const preloads = hasWeb ? pagePreloader(config.webDist) : null;
  if (hasWeb) {
    // Files under /assets/ are named by their content's hash: served from memory in the best encoding the browser
    // takes (the web build writes .br and .gz beside them: vite.config.ts, precompress), and kept by the browser for
    // a year without asking again (lib/web-assets.ts).
    const assets = webAssets(path.join(config.webDist, 'assets'));
    app.get<{ Params: { '*': string } }>(
      '/assets/*',
      { config: { permission: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const asset = await assets(request.params['*'], request.headers['accept-encoding']);
        if (!asset) throw new AppError(404, 'notFound', `No such file: ${request.url.split('?')[0]}`);
        reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('vary', 'accept-encoding')
          .type(asset.type);
        if (asset.encoding !== 'identity') reply.header('content-encoding', asset.encoding);
        return reply.send(asset.body);
      },
    );
    // The other files (favicon, branding, robots) are checked each time.
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      globIgnore: ['assets/**'],
      preCompressed: true,
    });
  }
  if (hasWeb && fs.existsSync(path.join(config.webDist, 'favicon.svg'))) {
    // Browsers ask for /favicon.ico whatever the page names (tabs, bookmarks): the app's icon answers it.
    app.get('/favicon.ico', { config: { permission: 'public' }, schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').sendFile('favicon.svg'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A missing file (an asset of an older build) is a 404, not the app's page; an .html address is a page
    // (the spec's /vdashboard/index.html, reloaded or opened in a new tab).
    const isPage =
      request.method === 'GET' &&
      !pathname.startsWith(API_PREFIX) &&
      !pathname.startsWith('/docs') &&
      !pathname.startsWith('/assets/') &&
      (!/\.\w+$/.test(pathname) || pathname.endsWith('.html'));
    if (isPage && hasWeb) {
      // The SPA owns every other path; its router shows the page or the not-found screen. A signed-in start gets
      // the chunks it will load named up front (lib/page-preloads.ts).
      if (preloads && request.cookies[SESSION_COOKIE])
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(preloads(pathname));
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw new AppError(404, 'notFound', `No such endpoint: ${request.method} ${pathname}`);
  });

  return Object.assign(app as unknown as FastifyInstance, { routeTable });
}
