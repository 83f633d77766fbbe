import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadAreaStrings } from '../lib/i18n';
import { clearLoginState } from '../app/login-state';

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
