import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA } from '../playwright.config';

/** Waits for a code newer than `since` to reach the dev outbox of a server, and returns it. */
export async function codeFor(recipient: string, since: number, server = 'main'): Promise<string> {
  const file = path.join(E2E_DATA, server, 'outbox.log');
  let code: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(file)) return undefined;
        const line = fs
          .readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .reverse()
          .find((l) => l.includes(` to=${recipient} `) && Date.parse(l.split(' ')[0]!) >= since - 1000);
        code = line?.match(/ code=(\d{6}) /)?.[1];
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}
