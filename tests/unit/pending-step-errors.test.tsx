// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionGuard } from '../../src/client/guards/SessionGuard';
import { api, ApiError } from '../../src/client/providers/http';
import { handleAccessError } from '../../src/client/providers/queryClient';
import { clearSession } from '../../src/client/providers/tokens';
import { currentUserQueryKey } from '../../src/client/providers/session';
import { fakeApi, renderScreens, signIn } from './support/screens';

// The server refuses calls with 403 and a code while a SPEC 4 step is pending; the panel then goes
// where its guards would send the user, not to the 403 screen.
const toasts = () => within(screen.getByRole('list', { name: 'toasts' }));
const screens = { '/usluga/:service_id': <p>service</p>, '/panel/profil': <p>profile</p>, '/panel/profil/regulaminy': <p>regulations</p> };

beforeEach(() => {
  signIn();
  fakeApi({});
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('a refused call', () => {
  it.each([
    ['regulations_required', '/panel/profil/regulaminy'],
    ['password_change_required', '/panel/profil'],
  ])('with code %s leads to %s, without the forbidden toast', async (code, path) => {
    const { locations } = renderScreens(screens, '/usluga/11');
    await act(() => handleAccessError(new ApiError(403, { detail: 'x', code })));
    await waitFor(() => expect(locations.at(-1)).toBe(path));
    expect(toasts().queryByText('Brak dostępu.')).toBeNull();
  });

  it('without such a code shows the forbidden toast and the 403 screen', async () => {
    const { locations } = renderScreens(screens, '/usluga/12');
    await act(() => handleAccessError(new ApiError(403, { detail: 'Brak dostępu.' })));
    await waitFor(() => expect(locations.at(-1)).toBe('/error/403'));
    expect(await toasts().findByText('Brak dostępu.')).toBeTruthy();
  });
});

/** The layout's news badge, outside the guard as in the panel. */
function NewsBadge() {
  const news = useQuery({ queryKey: ['news', 'badge'], queryFn: () => api<{ unread_count: number }>('/news'), retry: false });
  if (news.data) return <p>unread {news.data.unread_count}</p>;
  return <p>{news.isError ? 'refused' : 'loading'}</p>;
}

describe('calls refused while a step was pending', () => {
  it('are asked again once the guards release the user', async () => {
    let accepted = false;
    const user = { id: 4, username: 'nowy', name: '', surname: '', phone: null, email: '', avatar_uri: null, is_password_valid: true, is_root: false };
    fakeApi({
      'GET /api/user': () => ({ body: { ...user, is_regulations: accepted } }),
      'GET /api/news': () =>
        accepted
          ? { body: { data: [], pagination: { total: 0 }, unread_count: 3 } }
          : { status: 403, body: { detail: 'Najpierw zaakceptuj obowiązujące regulaminy.', code: 'regulations_required' } },
    });
    const page = (
      <>
        <NewsBadge />
        <SessionGuard>
          <p>regulations page</p>
        </SessionGuard>
      </>
    );
    const { queryClient } = renderScreens({ '/panel/profil/regulaminy': page }, '/panel/profil/regulaminy');
    expect(await screen.findByText('refused')).toBeTruthy();
    expect(await screen.findByText('regulations page')).toBeTruthy();

    accepted = true;
    await act(() => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }));
    expect(await screen.findByText('unread 3')).toBeTruthy();
  });
});
