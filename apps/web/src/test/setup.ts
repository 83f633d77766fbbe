import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadAreaStrings } from '../lib/i18n';
import { clearLoginState } from '../lib/login-state';

// findBy…/waitFor wait up to 5 s (default 1 s): on a busy 2-core machine a lazy chunk or a first render can
// take longer than a second, and a wait that succeeds returns as soon as it does.
configure({ asyncUtilTimeout: 5000 });

// Tests render pages directly: give them every area's strings up front.
await loadAreaStrings();

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearLoginState();
  localStorage.clear();
  sessionStorage.clear();
});
