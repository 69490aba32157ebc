// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/client/layout/sanitize';

describe('footer block HTML', () => {
  it('keeps frames from the allow-listed hosts only', () => {
    const html = sanitizeHtml(
      '<p>Film</p><iframe src="https://www.youtube.com/embed/abc" allowfullscreen></iframe>' +
        '<iframe src="https://evil.example.org/embed"></iframe><iframe src="http://www.youtube.com/embed/abc"></iframe>',
    );
    const body = new DOMParser().parseFromString(html, 'text/html').body;
    expect([...body.querySelectorAll('iframe')].map((frame) => frame.getAttribute('src'))).toEqual(['https://www.youtube.com/embed/abc']);
    expect(body.querySelector('p')?.textContent).toBe('Film');
  });

  it('drops scripts and event handlers, and makes new-window links safe', () => {
    const html = sanitizeHtml('<script>alert(1)</script><img src="x" onerror="alert(1)"><a href="https://x.pl" target="_blank">x</a>');
    expect(html).not.toContain('script');
    expect(html).not.toContain('onerror');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});
