// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Activity, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RichTextEditor } from '../../src/client/ui/RichTextEditor';
import { renderScreens } from './support/screens';

/** The editor under a label, recording the HTML it gives. */
function renderEditor(value: string) {
  const changes: string[] = [];
  renderScreens(
    {
      '/': (
        <>
          <span id="body-label">Treść</span>
          <RichTextEditor id="body" labelledBy="body-label" value={value} onChange={(html) => changes.push(html)} describedBy="body__error" />
        </>
      ),
    },
    '/',
  );
  return changes;
}

const editable = () => screen.getByRole('textbox', { name: 'Treść' });
const button = (name: string) => screen.getByRole('button', { name });

afterEach(cleanup);

describe('RichTextEditor', () => {
  it('is a labelled text box under a Polish toolbar of switches', async () => {
    renderEditor('<p>Dzień dobry</p>');
    await waitFor(() => expect(editable().textContent).toBe('Dzień dobry'));
    expect(editable().getAttribute('aria-multiline')).toBe('true');
    expect(editable().getAttribute('aria-describedby')).toBe('body__error');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatowanie tekstu' });
    expect(toolbar.getAttribute('aria-controls')).toBe('body');
    expect(button('Pogrubienie').getAttribute('aria-pressed')).toBe('false');
    expect(button('Cofnij').hasAttribute('aria-pressed')).toBe(false);
    // One tab stop; arrows move along the toolbar.
    expect(button('Pogrubienie').tabIndex).toBe(0);
    expect(button('Kursywa').tabIndex).toBe(-1);
    act(() => button('Pogrubienie').focus());
    fireEvent.keyDown(button('Pogrubienie'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(button('Kursywa'));
    expect(button('Kursywa').tabIndex).toBe(0);
    // Nothing to undo or redo yet: the arrows pass those buttons by.
    expect(button('Cofnij')).toHaveProperty('disabled', true);
    fireEvent.keyDown(button('Kursywa'), { key: 'End' });
    expect(document.activeElement).toBe(button('Cytat'));
    fireEvent.keyDown(button('Cytat'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(button('Pogrubienie'));
    fireEvent.keyDown(button('Pogrubienie'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(button('Cytat'));
  });

  it('makes the selection bold from the toolbar and with Ctrl+B, giving HTML', async () => {
    const changes = renderEditor('<p>Dzień dobry</p>');
    await waitFor(() => expect(editable().textContent).toBe('Dzień dobry'));
    act(() => editable().focus());
    fireEvent.keyDown(editable(), { key: 'a', ctrlKey: true });

    fireEvent.click(button('Pogrubienie'));
    expect(changes.at(-1)).toBe('<p><strong>Dzień dobry</strong></p>');
    await waitFor(() => expect(button('Pogrubienie').getAttribute('aria-pressed')).toBe('true'));
    expect(button('Cofnij')).toHaveProperty('disabled', false);

    fireEvent.keyDown(editable(), { key: 'b', ctrlKey: true });
    expect(changes.at(-1)).toBe('<p>Dzień dobry</p>');
    await waitFor(() => expect(button('Pogrubienie').getAttribute('aria-pressed')).toBe('false'));

    fireEvent.click(button('Lista punktowana'));
    expect(changes.at(-1)).toBe('<ul><li><p>Dzień dobry</p></li></ul>');
  });
});

describe('RichTextEditor hidden and shown again', () => {
  it('keeps working with its content once TipTap has replaced the editor it destroyed meanwhile', async () => {
    const changes: string[] = [];
    let setVisible: (visible: boolean) => void = () => {};
    function Toggled() {
      const [visible, setShown] = useState(true);
      setVisible = setShown;
      return (
        <Activity mode={visible ? 'visible' : 'hidden'}>
          <span id="body-label">Treść</span>
          <RichTextEditor id="body" labelledBy="body-label" value="<p>Dzień dobry</p>" onChange={(html) => changes.push(html)} />
        </Activity>
      );
    }
    renderScreens({ '/': <Toggled /> }, '/');
    await waitFor(() => expect(editable().textContent).toBe('Dzień dobry'));
    act(() => setVisible(false));
    // TipTap destroys an editor whose component stayed away longer than a tick.
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    act(() => setVisible(true));

    await waitFor(() => expect(editable().textContent).toBe('Dzień dobry'));
    fireEvent.keyDown(editable(), { key: 'a', ctrlKey: true });
    fireEvent.click(button('Kursywa'));
    expect(changes.at(-1)).toBe('<p><em>Dzień dobry</em></p>');
  });
});
