// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PanelPagination } from '../../src/client/ui/PanelPagination';
import { renderScreens } from './support/screens';

afterEach(cleanup);

/** A list of 30 rows, 25 a page, that keeps the page it is given as the API counts them (from 1). */
function Paged({ pages }: { pages: number[] }) {
  const [page, setPage] = useState(1);
  return (
    <PanelPagination
      total={30}
      page={page}
      perPage={25}
      onPage={(next) => {
        pages.push(next);
        setPage(next);
      }}
    />
  );
}

describe('the paging bar of a hand-written table', () => {
  it('says which rows are shown in the panel’s words and turns pages counted from 1', async () => {
    const pages: number[] = [];
    renderScreens({ '/': <Paged pages={pages} /> }, '/');
    expect(await screen.findByText('1-25 z 30')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Przejdź do następnej strony' }));
    expect(await screen.findByText('26-30 z 30')).toBeTruthy();
    expect(pages).toEqual([2]);
    expect(screen.queryByText('Wierszy na stronie:')).toBeNull();
  });
});
