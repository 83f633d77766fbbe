import { afterEach, describe, expect, it } from 'vitest';
import { cleanMarkup, sameMarkup } from './markup';

type Flagged = Window & { __ran?: boolean };

afterEach(() => {
  delete (window as Flagged).__ran;
});

describe('cleanMarkup (issue 35)', () => {
  it('keeps the page markup the server keeps', () => {
    const html =
      '<h2>Hours</h2><p><strong>Open</strong> <a href="https://example.com/x" title="x">daily</a></p>' +
      '<table><tbody><tr><td colspan="2"><p>9–5</p></td></tr></tbody></table><img src="/files/media/a.png" alt="">';
    expect(cleanMarkup(html)).toBe(html);
  });

  it('drops event handlers, scripts, styles, frames and javascript: addresses, keeping the text', () => {
    const cleaned = cleanMarkup(
      '<img src=x onerror="window.__ran = true"><p onclick="x()" style="color:red">Hi <script>window.__ran = true</script>' +
        '<a href=" java\tscript:alert(1)">link</a><a href="//evil.test/">far</a></p>' +
        '<iframe srcdoc="<p>x</p>"></iframe><svg><script>1</script></svg><div class="note"><u>kept</u></div>' +
        '<img src="data:image/png;base64,AAAA"><a href="mailto:a@b.test">mail</a>',
    );
    expect(cleaned).toBe(
      '<img src="x"><p>Hi <a>link</a><a>far</a></p><u>kept</u><img><a href="mailto:a@b.test">mail</a>',
    );
    expect((window as Flagged).__ran).toBeUndefined();
  });

  it('neither cleaning nor comparing puts the markup into the page', () => {
    const hostile = '<img src="x" onerror="window.__ran = true"><script>window.__ran = true</script><p>Hi</p>';
    cleanMarkup(hostile);
    expect(sameMarkup(hostile, '<p>Hi</p>')).toBe(false);
    expect(document.querySelectorAll('img, script')).toHaveLength(0);
    expect((window as Flagged).__ran).toBeUndefined();
  });
});
