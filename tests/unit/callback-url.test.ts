import { describe, expect, it } from 'vitest';
import { afterLoginPath, loginRedirectPath, logoutRedirectPath } from '../../src/client/providers/callbackUrl';

const origin = 'https://panel.example.com';
const page = (path: string) => {
  const url = new URL(path, origin);
  return { pathname: url.pathname, search: url.search, href: url.href };
};
const callbackOf = (redirect: string) => new URL(redirect, origin).searchParams.get('callback_url');

describe('the login redirect (SPEC 2)', () => {
  it('carries the full current address as callback_url', () => {
    const redirect = loginRedirectPath(page('/usluga/5?tab=domeny#dysk'));
    expect(redirect.startsWith('/logowanie?')).toBe(true);
    expect(callbackOf(redirect)).toBe('https://panel.example.com/usluga/5?tab=domeny#dysk');
  });

  it('omits callback_url on /wyloguj and on /error pages', () => {
    expect(loginRedirectPath(page('/wyloguj?callback_url=x'))).toBe('/logowanie');
    expect(loginRedirectPath(page('/error/403'))).toBe('/logowanie');
    expect(loginRedirectPath(page('/error'))).toBe('/logowanie');
  });

  it('keeps callback_url for paths that merely contain those words', () => {
    expect(callbackOf(loginRedirectPath(page('/wyloguj/x')))).toBe('https://panel.example.com/wyloguj/x');
    expect(callbackOf(loginRedirectPath(page('/panel/error')))).toBe('https://panel.example.com/panel/error');
  });
});

describe('/wyloguj (SPEC 2)', () => {
  it('without a query string goes to the plain login page', () => {
    expect(logoutRedirectPath('')).toBe('/logowanie');
  });

  it('with a query string copies its callback_url value', () => {
    const redirect = logoutRedirectPath('?callback_url=https%3A%2F%2Fpanel.example.com%2Fwiadomosci');
    expect(callbackOf(redirect)).toBe('https://panel.example.com/wiadomosci');
  });

  it('with a query string but no callback_url sends an empty callback_url', () => {
    const redirect = logoutRedirectPath('?foo=bar');
    expect(redirect).toBe('/logowanie?callback_url=');
    expect(callbackOf(redirect)).toBe('');
  });
});

describe('after login', () => {
  it('goes to a same-origin callback URL, keeping its query and hash', () => {
    expect(afterLoginPath('https://panel.example.com/usluga/5?x=1#y', origin)).toBe('/usluga/5?x=1#y');
    expect(afterLoginPath('/wiadomosci/3', origin)).toBe('/wiadomosci/3');
  });

  it('goes to the dashboard for another origin, a missing or an unusable callback', () => {
    expect(afterLoginPath('https://evil.example.org/usluga/5', origin)).toBe('/');
    expect(afterLoginPath('//evil.example.org/x', origin)).toBe('/');
    expect(afterLoginPath('javascript:alert(1)', origin)).toBe('/');
    expect(afterLoginPath(null, origin)).toBe('/');
    expect(afterLoginPath('', origin)).toBe('/');
  });

  it('does not loop back to the login family or /wyloguj', () => {
    expect(afterLoginPath('https://panel.example.com/logowanie?callback_url=x', origin)).toBe('/');
    expect(afterLoginPath('https://panel.example.com/wyloguj', origin)).toBe('/');
  });
});
