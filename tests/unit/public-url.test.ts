import { describe, expect, it } from 'vitest';
import { publicUrlProblem } from '../../src/server/config';

describe('the start-up check of PUBLIC_URL (RFC 8058 one-click unsubscribe needs https)', () => {
  it('accepts https anywhere and http on the local machine only', () => {
    for (const url of ['https://panel.example.pl', 'https://panel.example.pl:8443/', 'http://localhost:3000', 'http://panel.localhost', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect(publicUrlProblem(url), url).toBeNull();
    }
  });

  it('warns of http outside localhost, and of what is no address', () => {
    expect(publicUrlProblem('http://panel.example.pl')).toMatch(/^PUBLIC_URL http:\/\/panel\.example\.pl is not https/);
    expect(publicUrlProblem('http://10.0.0.5:3000')).toMatch(/is not https/);
    expect(publicUrlProblem('panel.example.pl')).toMatch(/is not an address/);
  });
});
