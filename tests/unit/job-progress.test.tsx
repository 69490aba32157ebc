// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession } from '../../src/client/providers/tokens';
import { JobProgress, type JobStatus } from '../../src/client/ui/JobProgress';
import { fakeApi, renderScreens, signIn } from './support/screens';

const JOB_ID = '7d1e8f8c-4a41-4c1b-9a53-7f0e0c1d2b3a';

/** Answers GET /api/jobs/{JOB_ID} with each status in turn, then keeps repeating the last. */
function serveStatuses(...statuses: Array<Pick<JobStatus, 'state' | 'progress'>>) {
  let call = 0;
  const calls = fakeApi({
    [`GET /api/jobs/${JOB_ID}`]: () => ({ body: { id: JOB_ID, ...statuses[Math.min(call++, statuses.length - 1)] } }),
  });
  renderScreens({ '/zadanie': <JobProgress jobId={JOB_ID} pollIntervalMs={20} /> }, '/zadanie');
  return calls;
}

const bar = () => screen.getByRole('progressbar', { name: 'Postęp zadania' });

beforeEach(signIn);
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('JobProgress', () => {
  it('follows the job until it ends, then stops asking', async () => {
    const calls = serveStatuses(
      { state: 'created', progress: { done: 0, total: null } },
      { state: 'active', progress: { done: 3, total: 10 } },
      { state: 'completed', progress: { done: 10, total: 10 } },
    );
    await waitFor(() => expect(bar().getAttribute('aria-valuetext')).toBe('Oczekuje w kolejce'));
    expect(bar().getAttribute('aria-valuenow')).toBeNull();

    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('30'));
    expect(bar().getAttribute('aria-valuetext')).toBe('W toku, Przetworzono 3 elementy z 10');
    expect(screen.getByText('W toku, Przetworzono 3 elementy z 10')).toBeTruthy();

    await waitFor(() => expect(bar().getAttribute('aria-valuenow')).toBe('100'));
    expect(bar().getAttribute('aria-valuetext')).toBe('Zakończono, Przetworzono 10 elementów z 10');
    const asked = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.length).toBe(asked);
  });

  it('says the count in the right Polish form', async () => {
    serveStatuses({ state: 'active', progress: { done: 1, total: 5 } });
    await waitFor(() => expect(bar().getAttribute('aria-valuetext')).toBe('W toku, Przetworzono 1 element z 5'));
    cleanup();
    serveStatuses({ state: 'failed', progress: { done: 22, total: 40 } });
    await waitFor(() => expect(bar().getAttribute('aria-valuetext')).toBe('Nie udało się wykonać zadania, Przetworzono 22 elementy z 40'));
  });

  it("shows the server's refusal when the job is not the user's", async () => {
    fakeApi({ [`GET /api/jobs/${JOB_ID}`]: () => ({ status: 404, body: { detail: 'Nie znaleziono zadania.' } }) });
    renderScreens({ '/zadanie': <JobProgress jobId={JOB_ID} /> }, '/zadanie');
    expect((await screen.findByRole('alert')).textContent).toBe('Nie znaleziono zadania.');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
