// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { useState } from 'react';
import { AdminContext, memoryStore, TestMemoryRouter, useNotify } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import pl from '../../i18n/pl.json';
import { Notifications, useConfirm, useToast } from '../../src/client/notifications';

function Triggers() {
  const toast = useToast();
  const notify = useNotify();
  const confirm = useConfirm();
  const [answer, setAnswer] = useState('');
  return (
    <>
      <button onClick={() => [1, 2, 3, 4, 5].forEach((n) => toast.success(`Komunikat ${n}`))}>five</button>
      <button onClick={() => toast.error('errors.unexpected', { description: 'd'.repeat(120) })}>long</button>
      <button onClick={() => toast.copied('Skopiowano link.')}>copied</button>
      <button onClick={() => notify('ra.notification.updated', { type: 'info', messageArgs: { smart_count: 1 } })}>react-admin</button>
      <button onClick={() => void confirm().then((confirmed) => setAnswer(String(confirmed)))}>confirm</button>
      <output>{answer}</output>
    </>
  );
}

function renderShell() {
  return render(
    <TestMemoryRouter>
      <AdminContext i18nProvider={polyglotI18nProvider(() => pl, 'pl')} store={memoryStore()}>
        <Triggers />
        <Notifications />
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const region = () => screen.getByRole('region', { name: 'Powiadomienia' });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('toasts (SPEC 9)', () => {
  it('show at most four at a time, the newest kept', () => {
    renderShell();
    fireEvent.click(screen.getByText('five'));
    const shown = within(region()).getAllByRole('status');
    expect(shown.map((toast) => toast.textContent)).toEqual(['Komunikat 2', 'Komunikat 3', 'Komunikat 4', 'Komunikat 5']);
  });

  it("carry react-admin's own notifications, translated", () => {
    renderShell();
    fireEvent.click(screen.getByText('react-admin'));
    expect(within(region()).getByRole('status').textContent).toBe('Zaktualizowano 1 element');
  });

  it('stay 5000 ms plus 50 ms per character beyond 100 of the description, then go', () => {
    vi.useFakeTimers();
    renderShell();
    fireEvent.click(screen.getByText('long'));
    const toast = within(region()).getByRole('alert');
    expect(toast.textContent).toContain('Wystąpił nieoczekiwany błąd');
    act(() => vi.advanceTimersByTime(5000 + 20 * 50 - 10));
    expect(within(region()).queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(20));
    expect(within(region()).queryByRole('alert')).toBeNull();
  });

  it('confirm a copy for 1500 ms, then go', () => {
    vi.useFakeTimers();
    renderShell();
    fireEvent.click(screen.getByText('copied'));
    expect(within(region()).getByRole('status').textContent).toBe('Skopiowano link.');
    act(() => vi.advanceTimersByTime(1490));
    expect(within(region()).queryByRole('status')).not.toBeNull();
    act(() => vi.advanceTimersByTime(20));
    expect(within(region()).queryByRole('status')).toBeNull();
  });

  it('close from their close button', () => {
    renderShell();
    fireEvent.click(screen.getByText('five'));
    fireEvent.click(within(region()).getAllByRole('button', { name: 'Zamknij powiadomienie' })[0]);
    expect(within(region()).getAllByRole('status')).toHaveLength(3);
  });
});

describe('the confirmation dialog (SPEC 9)', () => {
  it("asks with the defaults 'Usuń' and 'Anuluj' and resolves with the answer", async () => {
    renderShell();
    fireEvent.click(screen.getByText('confirm'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Usuń' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Anuluj' }));
    await vi.waitFor(() => expect(screen.getByRole('status', { hidden: true }).textContent).toBe('false'));

    fireEvent.click(screen.getByText('confirm'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Usuń' }));
    await vi.waitFor(() => expect(screen.getByRole('status', { hidden: true }).textContent).toBe('true'));
  });
});
