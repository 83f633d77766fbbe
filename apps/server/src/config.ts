import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { EXPORT_INLINE_MAX } from '@cd/core';
import { parseAllowList, type AllowList } from './lib/outbound-url.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The sign-in methods a deployment may offer (`SIGN_IN_METHODS`). */
export const SIGN_IN_METHODS = ['password', 'phone', 'email', 'sso'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** An IPv4/IPv6 address or CIDR block (`10.0.0.0/8`, `::1`), or one of proxy-addr's names. */
function isAddressOrCidr(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = net.isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which `X-Forwarded-*` headers to believe. Off by default: the client address is the TCP peer.
 * A hop count (`1`: the nearest proxy) or a comma-separated list of the proxies' addresses / CIDR blocks.
 */
const trustProxy = z
  .string()
  .trim()
  .default('')
  .transform((v, ctx): false | number | string[] => {
    if (v === '' || v === 'false' || v === 'off' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = list.filter((e) => !isAddressOrCidr(e));
    if (bad.length || list.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `a hop count (e.g. 1) or a comma-separated list of proxy addresses / CIDR blocks; not ${bad.join(', ') || v}`,
      });
      return z.NEVER;
    }
    return list;
  });

/**
 * OUTBOUND_ALLOW_HOSTS: the host names, addresses and CIDR blocks an operator lets the server call although they
 * are loopback, private, link-local or otherwise not public (a LAN POS; tests). Empty: public addresses only.
 */
const outboundAllowHosts = z
  .string()
  .default('')
  .transform((v, ctx): AllowList => {
    const { list, bad } = parseAllowList(v);
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `comma-separated host names, addresses or CIDR blocks; not ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return list;
  });

const signInMethods = z
  .string()
  .default(SIGN_IN_METHODS.join(','))
  .transform((v, ctx): SignInMethod[] => {
    const list = [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    const bad = list.filter((m) => !(SIGN_IN_METHODS as readonly string[]).includes(m));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `unknown sign-in method ${bad.join(', ')} (${SIGN_IN_METHODS.join(', ')})`,
      });
      return z.NEVER;
    }
    return list as SignInMethod[];
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  /** Where the embedded database, uploaded files and the dev outbox live. */
  DATA_DIR: z.string().default('./data'),
  /** postgres://… switches from the embedded database to a PostgreSQL server. */
  DATABASE_URL: z.string().optional(),
  /**
   * PostgreSQL: the most connections one process's pool opens (its job queue has its own few). Several API processes
   * and workers on one server need PG_POOL_MAX × processes (plus theirs) within its max_connections.
   */
  PG_POOL_MAX: z.coerce.number().int().min(2).max(200).default(10),
  /**
   * The embedded database's page cache (PostgreSQL `shared_buffers`, e.g. 16MB). It lives in the server's own
   * memory and is touched in full at start; PostgreSQL's default of 128MB adds ~110 MB to every server for little
   * gain, the operating system caching the database files as well (docs/decisions.md).
   */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, 'a size such as 32MB')
    .default('16MB'),
  /** Addresses users type that the server may call although not public (see `outboundAllowHosts` above). */
  OUTBOUND_ALLOW_HOSTS: outboundAllowHosts,
  /** Which X-Forwarded-For / -Proto / -Host to believe (see `trustProxy` above). Default: none. */
  TRUST_PROXY: trustProxy,
  /** The API description at /docs: public in development; in production only signed-in users see it unless true. */
  DOCS_PUBLIC: bool.optional(),
  /** The sign-in methods offered (comma-separated: password, phone, email, sso). */
  SIGN_IN_METHODS: signInMethods,
  /** The address users reach the product at; used for SSO redirects and same-origin checks. */
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret for hashing one-time codes; generated and kept under DATA_DIR when not given. */
  APP_SECRET: z.string().min(16).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().positive().default(12),
  /**
   * How long an API process keeps a session it has read (0: read it on every request). Changes reach every process
   * at once by notification (modules/auth/session.store.ts); this bounds a notification lost with its connection.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  OTP_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  OTP_RESEND_SECONDS: z.coerce.number().int().min(0).default(60),
  OTP_SENDS_PER_RECIPIENT_PER_HOUR: z.coerce.number().int().positive().default(10),
  OTP_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(60),
  /** Sign-in calls allowed per IP per minute (each route counted on its own). */
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /**
   * Failed password sign-ins one account may have in the window, from whatever addresses; more wait until the oldest
   * leaves the window (issue 32; docs/security.md). Unknown user ids are counted alike.
   */
  SIGN_IN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(10),
  SIGN_IN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** User ids in this e-mail domain must sign in by SSO. */
  CORPORATE_EMAIL_DOMAIN: z.string().default('corp.controldesk.test'),
  SMTP_URL: z.string().optional(),
  SMTP_FROM: z.string().default('Control Desk <no-reply@controldesk.local>'),
  /** HTTPS endpoint that receives {to, text} as JSON to send an SMS. */
  SMS_WEBHOOK_URL: z.string().url().optional(),
  SMS_WEBHOOK_TOKEN: z.string().optional(),
  /** JSON list of SSO providers: [{sso_action, actionlabel, imageurl?, locations: [..] | ["*"], issuer, client_id, client_secret}] */
  SSO_PROVIDERS: z.string().optional(),
  /** Mount the demo OpenID provider at /demo-idp (default: on unless production). */
  DEMO_IDP: bool.optional(),
  /** Create demo data on first start of an empty database (default: on unless production). */
  SEED_DEMO: bool.optional(),
  /** Serve the built web app from this directory. */
  WEB_DIST: z.string().optional(),
  /** Uploaded files go to this S3-compatible bucket when set; otherwise to `<DATA_DIR>/files`. */
  FILES_S3_BUCKET: z.string().optional(),
  /** Endpoint of an S3-compatible service (MinIO, R2, …); path-style addressing is used when given. */
  FILES_S3_ENDPOINT: z.string().url().optional(),
  FILES_S3_REGION: z.string().default('us-east-1'),
  /** Static credentials; without them the AWS SDK's default chain applies (environment, role, …). */
  FILES_S3_ACCESS_KEY_ID: z.string().optional(),
  FILES_S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Largest image / video the general media library accepts (spec 000 §9: 2MB and 5MB). */
  MEDIA_IMAGE_MAX_MB: z.coerce.number().positive().max(100).default(2),
  MEDIA_VIDEO_MAX_MB: z.coerce.number().positive().max(500).default(5),
  /** `off`: this process runs no background jobs (another process started with `npm run worker` does). */
  JOBS_WORKER: z.enum(['on', 'off', 'true', 'false', '1', '0']).default('on'),
  /** Jobs each queue runs at once in this process. */
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** How often an idle worker looks for new jobs (pg-boss polling, at least 0.5). */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(1),
  /** How often a job-running process looks for scheduled reports that are due (issue 14). */
  REPORT_SCHEDULE_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** How often a job-running process folds the appended rollup rows into one row per key (issue 14). */
  ROLLUP_COMPACT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** Where SAP postings are delivered: sftp://user:password@host:port/inbox (issue 15); unset: download them. */
  SAP_SFTP_URL: z.string().url().optional(),
  /** The SFTP server's host key as SHA256 (base64, as ssh-keygen -l prints it); unset: not checked. */
  SAP_SFTP_HOST_KEY: z.string().optional(),
  /** How often a job-running process closes the days of restaurants with autodayend on (issue 15). */
  DAYEND_AUTO_SECONDS: z.coerce.number().min(1).max(3600).default(300),
  /** How often a job-running process marks devices silent for 30 s as offline (issue 16). */
  DEVICE_SWEEP_SECONDS: z.coerce.number().min(1).max(60).default(5),
  /** How often a job-running process sends the campaigns that are due (issue 17). */
  CAMPAIGN_SEND_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** How often a job-running process expires loyalty points whose day has come (issue 18; nightly is enough). */
  LOYALTY_EXPIRY_SECONDS: z.coerce.number().min(10).max(86_400).default(3600),
  /** How often restaurants linked to a source menu (linked_menu_restaurants) are brought in line with it. */
  LINKED_MENU_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  /** How long menu revisions are kept (issue 36): older ones are pruned hourly; "as it was at" reaches this far. */
  MENU_HISTORY_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** How often a job-running process publishes the scheduled menu changes that are due (issue 36). */
  MENU_CHANGE_SECONDS: z.coerce.number().min(1).max(3600).default(15),
  /** How often a job-running process sends the notifications that are due (issue 19). */
  NOTIFICATION_SEND_SECONDS: z.coerce.number().min(1).max(3600).default(15),
  /** The ordering platform's push relay (FCM / web push): notifications' push messages are POSTed there in batches. */
  PUSH_WEBHOOK_URL: z.string().url().optional(),
  PUSH_WEBHOOK_TOKEN: z.string().optional(),
  /** How often a job-running process looks for PDF documents to remind about (issue 19; daily is enough). */
  DOCUMENT_REMIND_SECONDS: z.coerce.number().min(10).max(86_400).default(3600),
  /** Host name → region id (JSON), as the web app's VITE_REGION_HOSTS: the notification rules follow the region. */
  REGION_HOSTS: z.string().optional(),
  /** How often a job-running process recounts the rule groups' members (issue 17). */
  GROUP_REFRESH_SECONDS: z.coerce.number().min(10).max(86_400).default(3600),
  /** Pairing attempts per IP per minute (a device types its code; guessing is throttled). */
  DEVICE_PAIR_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(25),
  /** Where a printed QR code's short link sends the phone: the ordering app (issue 16); default PUBLIC_URL/order. */
  ORDERING_APP_URL: z.string().url().optional(),
  /** A running job whose worker has not reported for this long is taken as dead (its process crashed). */
  JOBS_STALE_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** The event stream (GET /v2/bck/events) sends a keep-alive comment, and re-checks the session, this often. */
  SSE_HEARTBEAT_SECONDS: z.coerce.number().min(1).max(300).default(15),
  /** A list export answers the file itself up to this many rows; above, a background job writes it. */
  EXPORT_INLINE_MAX_ROWS: z.coerce.number().int().min(0).max(1_000_000).default(EXPORT_INLINE_MAX),
  /**
   * Whether answers are checked against their documented response schema: `strict` fails the request, `warn`
   * logs it, `off` sends without looking. Default: strict under NODE_ENV=test, else off (checking parses every
   * answer, a cost no served process should pay unasked).
   */
  RESPONSE_CHECK: z.enum(['off', 'warn', 'strict']).optional(),
  /** Registers the job system's test handlers and their enqueue route (tests only; ignored in production). */
  JOBS_TEST_HANDLERS: bool.default(false),
});

export type Config = ReturnType<typeof loadConfig>;

/**
 * What a production server must have before it starts: a delivery channel for each code-based sign-in method
 * it offers (codes are never written to the log or the dev outbox in production). Returns the problems, each
 * naming the setting to set; empty when the server may start.
 */
export function productionProblems(config: Config): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  const offers = (m: SignInMethod) => config.SIGN_IN_METHODS.includes(m);
  if (offers('phone') && !config.SMS_WEBHOOK_URL) {
    problems.push(
      'Phone sign-in is offered but no SMS channel is configured: set SMS_WEBHOOK_URL (or leave phone out of SIGN_IN_METHODS).',
    );
  }
  if (offers('email') && !config.SMTP_URL) {
    problems.push(
      'E-mail sign-in is offered but no e-mail channel is configured: set SMTP_URL (or leave email out of SIGN_IN_METHODS).',
    );
  }
  return problems;
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';
  // Relative paths mean relative to where the user ran the command: npm runs workspace scripts inside the
  // workspace folder but tells the original directory in INIT_CWD.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, c.DATA_DIR);
  const publicUrl = (c.PUBLIC_URL ?? `http://${c.HOST === '0.0.0.0' ? 'localhost' : c.HOST}:${c.PORT}`).replace(
    /\/$/,
    '',
  );
  return {
    ...c,
    production,
    dataDir,
    publicUrl,
    demoIdp: c.DEMO_IDP ?? !production,
    seedDemo: c.SEED_DEMO ?? !production,
    jobsWorker: !['off', 'false', '0'].includes(c.JOBS_WORKER),
    jobsTestHandlers: c.JOBS_TEST_HANDLERS && !production,
    docsPublic: c.DOCS_PUBLIC ?? !production,
    /** The dev outbox (codes in the log and in <DATA_DIR>/outbox.log) is never used in production. */
    devOutbox: !production,
    webDist: c.WEB_DIST ? path.resolve(base, c.WEB_DIST) : path.resolve(import.meta.dirname, '../../web/dist'),
  };
}
