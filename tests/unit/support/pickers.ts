import { act, fireEvent, within } from '@testing-library/react';

/**
 * Digits typed into a date picker's field from its first section on, one key at a time, as the
 * browser puts each into the editable section that has the focus (the picker moves it on by itself).
 */
export function typeIntoPicker(field: HTMLElement, digits: string) {
  act(() => within(field).getAllByRole('spinbutton')[0]!.focus());
  for (const digit of digits) {
    const section = document.activeElement as HTMLElement;
    section.textContent = digit;
    fireEvent.input(section);
  }
}

/** What the sections of a picker's field show, e.g. ['23', '11', '2026']. */
export function pickerSections(field: HTMLElement): (string | null)[] {
  return within(field).getAllByRole('spinbutton').map((section) => section.textContent);
}
