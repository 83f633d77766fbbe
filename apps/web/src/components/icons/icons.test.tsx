import fs from 'node:fs';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as icons from './index';

describe('icons', () => {
  it('lists every icon file once, and each draws an SVG named as @mui/icons-material names it', () => {
    const files = fs.readdirSync(import.meta.dirname).filter((f) => /^[a-z-]+\.tsx$/.test(f));
    const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
    expect(
      Object.keys(icons)
        .map((name) => `${kebab(name)}.tsx`)
        .sort(),
    ).toEqual(files.sort());
    for (const [name, Icon] of Object.entries(icons)) {
      const { container, unmount } = render(<Icon fontSize="small" />);
      const svg = container.querySelector('svg')!;
      expect(svg.getAttribute('data-testid'), name).toBe(`${name}Icon`);
      expect(svg.getAttribute('viewBox'), name).toBe('0 0 24 24');
      expect(svg.querySelector('path')?.getAttribute('d'), name).toMatch(/^[Mm]/);
      unmount();
    }
  });
});
