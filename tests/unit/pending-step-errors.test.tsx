// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/client/providers/http';
import { handleAccessError } from '../../src/client/providers/queryClient';
import { clearSession } from '../../src/client/providers/tokens';
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
