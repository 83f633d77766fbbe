import { describe, expect, it } from 'vitest';
import { frameOriginOf, isSafeLink, safeLink } from './links.js';

describe('the one rule for user-typed links', () => {
  it('allows http(s), mailto and tel, and no link at all', () => {
    for (const link of [
      '',
      '  ',
      'https://example.com/menu?x=1',
      'HTTP://Example.com',
      ' https://example.com ',
      'mailto:food@example.com',
      'tel:+44 (20) 7946-0000',
    ])
      expect(isSafeLink(link), link).toBe(true);
  });

  it('refuses script and data links however they are written, and addresses without a scheme', () => {
    for (const link of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'https://example.com/"onmouseover="alert(1)',
      'www.example.com',
      '//evil.example',
      'tel:javascript:alert(1)',
    ])
      expect(isSafeLink(link), link).toBe(false);
  });

  it('as a schema: trims, and names the rule in its message', () => {
    expect(safeLink.parse(' https://example.com ')).toBe('https://example.com');
    const refused = safeLink.safeParse('javascript:alert(1)');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('Use a web address starting with https:// (or mailto:, tel:)');
  });
});

describe('frameOriginOf (CSP frame-src)', () => {
  it('keeps only the origin: scheme, host and a port other than the default', () => {
    expect(frameOriginOf('https://BI.Example.com/public/dashboard/abc?x=1#y')).toBe('https://bi.example.com');
    expect(frameOriginOf('https://bi.example.com:443/x')).toBe('https://bi.example.com');
    expect(frameOriginOf('http://127.0.0.1:3001/embed')).toBe('http://127.0.0.1:3001');
  });

  it('names nothing CSP could misread: other schemes, wildcards, commas, quotes, IPv6, garbage', () => {
    for (const address of [
      'javascript:alert(1)',
      'ftp://bi.example.com',
      'https://*.example.com/',
      'https://a.example,b/x',
      "https://a'b.example/",
      'http://[::1]:8080/',
      'not an address',
      '',
    ])
      expect(frameOriginOf(address), address).toBeNull();
  });
});
