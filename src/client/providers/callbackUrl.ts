/** SPEC 2 rules for the login redirect's callback_url parameter. Pure, so they are unit-tested. */
export const LOGIN_PATH = '/logowanie';
export const LOGOUT_PATH = '/wyloguj';
export const CALLBACK_PARAM = 'callback_url';

export interface PageAddress {
  pathname: string;
  search: string;
  href: string;
}

export function isLoginFamilyPath(pathname: string): boolean {
  return pathname === LOGIN_PATH || pathname.startsWith(`${LOGIN_PATH}/`);
}

function loginWithCallback(callbackUrl: string): string {
  return `${LOGIN_PATH}?${new URLSearchParams({ [CALLBACK_PARAM]: callbackUrl }).toString()}`;
}

/** Where an unauthenticated user is sent: callback_url is the full current address, except on /wyloguj and /error pages. */
export function loginRedirectPath(page: PageAddress): string {
  if (page.pathname === LOGOUT_PATH || page.pathname.startsWith('/error')) return LOGIN_PATH;
  return loginWithCallback(page.href);
}

/** Where /wyloguj sends the user: with a query string, its callback_url value (or an empty string) is carried over. */
export function logoutRedirectPath(search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (!query) return LOGIN_PATH;
  return loginWithCallback(new URLSearchParams(query).get(CALLBACK_PARAM) ?? '');
}

/** After login (or on a login-family page while signed in): the callback URL when same-origin, otherwise the dashboard. */
export function afterLoginPath(callbackUrl: string | null, origin: string): string {
  if (!callbackUrl) return '/';
  let target: URL;
  try {
    target = new URL(callbackUrl, origin);
  } catch {
    return '/';
  }
  if (target.origin !== origin || isLoginFamilyPath(target.pathname) || target.pathname === LOGOUT_PATH) return '/';
  return `${target.pathname}${target.search}${target.hash}`;
}
