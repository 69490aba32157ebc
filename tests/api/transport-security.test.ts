import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';

// Behind a TLS-terminating proxy: the panel itself speaks plain HTTP and learns the scheme from X-Forwarded-Proto.
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ trustProxy: true });
});
afterAll(() => testApp.close());

const overHttps = { 'x-forwarded-proto': 'https' };

describe('HTTPS-only protections', () => {
  it('sends Strict-Transport-Security only to HTTPS requests', async () => {
    const plain = await testApp.call({ method: 'GET', url: '/api/xsrf', withoutXsrf: true });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await testApp.call({ method: 'GET', url: '/api/xsrf', withoutXsrf: true, headers: overHttps });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });

  it('marks the XSRF cookie Secure when the request came over HTTPS', async () => {
    const secure = await testApp.call({ method: 'GET', url: '/api/xsrf', withoutXsrf: true, headers: overHttps });
    expect(secure.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')).toMatchObject({ secure: true, sameSite: 'Strict', path: '/' });
    const plain = await testApp.call({ method: 'GET', url: '/api/xsrf', withoutXsrf: true });
    expect(plain.cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.secure).toBeFalsy();
  });

  it('accepts a mutating call whose Origin is the proxied HTTPS address', async () => {
    const response = await testApp.call({
      method: 'POST',
      url: '/api/authentication',
      payload: { username: 'klient', password: 'zle-haslo' },
      headers: { ...overHttps, host: 'panel.example.pl', origin: 'https://panel.example.pl' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('Content-Security-Policy', () => {
  it('lets the page frame only its own pages (a mailing as sent) and the allowed embed paths', async () => {
    const response = await testApp.call({ method: 'GET', url: '/api/xsrf' });
    const frameSrc = String(response.headers['content-security-policy']).split(';').find((directive) => directive.startsWith('frame-src'));
    expect(frameSrc).toBe("frame-src 'self' https://www.youtube.com/embed/ https://www.youtube-nocookie.com/embed/ https://player.vimeo.com/video/ https://www.google.com/maps/embed https://www.facebook.com/plugins/video.php");
  });
});

describe('security headers', () => {
  it('are on every answer: a call, a page and a 404, each with the same policy', async () => {
    const answers = await Promise.all(
      ['/api/xsrf', '/logowanie', '/api/no-such-route'].map((url) => testApp.call({ method: 'GET', url, withoutXsrf: true })),
    );
    for (const answer of answers) {
      expect(answer.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin',
      });
      expect(answer.headers['content-security-policy']).toBe(answers[0].headers['content-security-policy']);
    }
    expect(String(answers[0].headers['content-security-policy'])).toContain("script-src 'self';");
  });
});
