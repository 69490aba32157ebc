// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serviceQueryKey, useService } from '../../src/client/providers/service';
import { clearSession } from '../../src/client/providers/tokens';
import { fakeApi, renderScreens, signIn } from './support/screens';

function ServiceName() {
  const service = useService('5');
  return <p>{service.data?.name ?? 'brak danych'}</p>;
}

beforeEach(signIn);
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('the open service (SPEC 4)', () => {
  it('is empty again after a failed load, not the previous answer', async () => {
    let fails = false;
    fakeApi({
      'GET /api/client_service/5': () => (fails ? { status: 500, body: { detail: 'Wystąpił nieoczekiwany błąd.' } } : { body: { service_id: 5, name: 'Strona firmy' } }),
    });
    const { queryClient } = renderScreens({ '/usluga/:service_id': <ServiceName /> }, '/usluga/5');
    await screen.findByText('Strona firmy');
    fails = true;
    await queryClient.refetchQueries({ queryKey: serviceQueryKey('5') });
    await waitFor(() => expect(screen.getByText('brak danych')).toBeTruthy());
  });
});
