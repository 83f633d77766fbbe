import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyToClipboard } from './clipboard';

afterEach(() => vi.unstubAllGlobals());

describe('copyToClipboard (spec 000 §8)', () => {
  it('copies through the Clipboard API', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await expect(copyToClipboard('fc-blr-atrium:spice_route')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('fc-blr-atrium:spice_route');
  });

  it('logs a failure and answers false', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(copyToClipboard('x')).resolves.toBe(false);
    expect(log).toHaveBeenCalledWith('Copy to clipboard failed', expect.any(Error));
    log.mockRestore();
  });
});
