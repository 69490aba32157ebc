// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SortableList } from '../../src/client/ui/SortableList';
import { renderScreens } from './support/screens';

interface Stop {
  id: number;
  name: string;
}

const ROW_HEIGHT = 40;

/** A list of stops in the order the SortableList last reported. */
function Stops({ onReorder }: { onReorder?(ids: unknown[]): void }) {
  const [stops, setStops] = useState<Stop[]>([
    { id: 1, name: 'Alfa' },
    { id: 2, name: 'Beta' },
    { id: 3, name: 'Gamma' },
  ]);
  return (
    <SortableList
      items={stops}
      getId={(stop) => stop.id}
      getLabel={(stop) => stop.name}
      renderItem={(stop, index) => (
        <span>
          {index + 1}. {stop.name}
        </span>
      )}
      onReorder={(ids) => {
        onReorder?.(ids);
        setStops((current) => ids.map((id) => current.find((stop) => stop.id === id)!));
      }}
      label="Przystanki"
    />
  );
}

// dnd-kit measures and moves on animation frames.
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));
const order = () => within(screen.getByRole('list', { name: 'Przystanki' })).getAllByRole('listitem').map((item) => item.textContent);
const status = () => screen.getAllByRole('status').find((region) => region.getAttribute('aria-live') === 'polite')!;

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SortableList', () => {
  it('moves an item with its buttons, announces the new position and keeps the focus on the item', () => {
    const reported: unknown[][] = [];
    renderScreens({ '/': <Stops onReorder={(ids) => reported.push(ids)} /> }, '/');
    expect(order()).toEqual(['1. Alfa', '2. Beta', '3. Gamma']);
    expect(screen.getByRole('button', { name: 'Przenieś wyżej: Alfa' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Przenieś niżej: Gamma' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Przenieś niżej: Alfa' }));
    expect(order()).toEqual(['1. Beta', '2. Alfa', '3. Gamma']);
    expect(reported).toEqual([[2, 1, 3]]);
    expect(status().textContent).toBe('„Alfa” jest teraz na pozycji 2 z 3.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Przenieś niżej: Alfa' }));

    // At the end of the list the focus goes to the item's other button.
    fireEvent.click(document.activeElement!);
    expect(order()).toEqual(['1. Beta', '2. Gamma', '3. Alfa']);
    expect(status().textContent).toBe('„Alfa” jest teraz na pozycji 3 z 3.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Przenieś wyżej: Alfa' }));

    fireEvent.click(screen.getByRole('button', { name: 'Przenieś wyżej: Gamma' }));
    expect(order()).toEqual(['1. Gamma', '2. Beta', '3. Alfa']);
    expect(status().textContent).toBe('„Gamma” jest teraz na pozycji 1 z 3.');
  });

  it('moves an item by keyboard drag and drop: Space lifts it, arrows move it, Space drops it', async () => {
    // jsdom lays nothing out: each row gets a place by its position in the list, as a browser would give.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const row = this.closest('li');
      const index = row ? Array.from(row.parentElement!.children).indexOf(row) : 0;
      return DOMRect.fromRect({ x: 0, y: index * ROW_HEIGHT, width: 300, height: ROW_HEIGHT });
    });
    renderScreens({ '/': <Stops /> }, '/');
    const handle = screen.getByRole('button', { name: 'Przeciągnij, aby przestawić: Alfa' });
    expect(handle.getAttribute('aria-roledescription')).toBe('element do przestawienia');

    act(() => handle.focus());
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await settle();
    const dragRegion = screen.getAllByRole('status').find((region) => region.getAttribute('aria-live') === 'assertive')!;
    expect(dragRegion.textContent).toBe('Podniesiono „Alfa” z pozycji 1 z 3.');
    fireEvent.keyDown(document.activeElement!, { code: 'ArrowDown', key: 'ArrowDown' });
    await settle();
    expect(dragRegion.textContent).toBe('„Alfa” nad pozycją 2 z 3.');
    fireEvent.keyDown(document.activeElement!, { code: 'ArrowDown', key: 'ArrowDown' });
    await settle();
    fireEvent.keyDown(document.activeElement!, { code: 'Space', key: ' ' });
    await settle();

    expect(order()).toEqual(['1. Beta', '2. Gamma', '3. Alfa']);
    expect(status().textContent).toBe('„Alfa” jest teraz na pozycji 3 z 3.');
  });
});
