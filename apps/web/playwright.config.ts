import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** Where the e2e servers keep their embedded databases and dev outboxes (wiped at each start). */
export const E2E_DATA = path.resolve(import.meta.dirname, '.e2e-data');
/** E2E_PORT moves both servers (this one and the next port), so two checkouts can run journeys side by side. */
export const MAIN_PORT = Number(process.env.E2E_PORT ?? 4310);
/** A second server whose codes expire after 3 seconds, for the expired-code journey. */
export const SHORT_TTL_PORT = MAIN_PORT + 1;

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The built server as `npm run serve` runs it (its start script and memory settings); test:e2e builds it first. */
const server = (port: number, name: string, env: Record<string, string> = {}) => ({
  command: `rm -rf ${E2E_DATA}/${name} && npm run start --silent -w @cd/server`,
  cwd: repoRoot,
  url: `http://127.0.0.1:${port}/v2/bck/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: `${E2E_DATA}/${name}`,
    LOG_LEVEL: 'warn',
    // The browser journeys sign the same demo users in many times in a row; the server's own limits are
    // proven by the API tests.
    OTP_RESEND_SECONDS: '0',
    OTP_SENDS_PER_RECIPIENT_PER_HOUR: '1000',
    OTP_SENDS_PER_IP_PER_HOUR: '10000',
    LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
    // The POS journey's target is a receiver on this machine; a user-typed loopback address is otherwise refused.
    OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
    ...env,
  },
});

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${MAIN_PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: fs.existsSync(chromium) ? chromium : undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    // Campaigns and notifications due are sent within 2 s (the marketing and content journeys schedule some for now),
    // and scheduled menu changes published within 2 s of their time.
    server(MAIN_PORT, 'main', {
      PUBLIC_URL: `http://127.0.0.1:${MAIN_PORT}`,
      CAMPAIGN_SEND_SECONDS: '2',
      NOTIFICATION_SEND_SECONDS: '2',
      MENU_CHANGE_SECONDS: '2',
    }),
    server(SHORT_TTL_PORT, 'short-ttl', {
      PUBLIC_URL: `http://127.0.0.1:${SHORT_TTL_PORT}`,
      OTP_TTL_SECONDS: '3',
      DEMO_IDP: 'false',
    }),
  ],
});
