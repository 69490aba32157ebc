import type { CallOptions, TestApp } from './app';

export type Method = CallOptions['method'];

/**
 * Demo users signed in to a file's test app (`app` gives it once beforeAll made it): `signIn` in
 * beforeAll, then `call` sends as one of them (klient unless told) and `tokens` holds their
 * access tokens for calls of another shape (multipart uploads).
 */
export function signedIn(app: () => TestApp) {
  const tokens: Record<string, string> = {};
  return {
    tokens,
    async signIn(...usernames: string[]) {
      for (const username of usernames) tokens[username] = (await app().login(username)).access_token;
    },
    call: (method: Method, url: string, payload?: unknown, as = 'klient') => app().call({ method, url, token: tokens[as], payload }),
  };
}
