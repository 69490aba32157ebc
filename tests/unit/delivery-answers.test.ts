import { describe, expect, it } from 'vitest';
import { DeliveredAnswers, type DeliveredState, DeliveredStates } from '../../src/modules/site/server/delivery/answers';
import { type ChangedRecord, type Listed, type ListedState, mergeListed } from '../../src/modules/site/server/delivery/records';

/** A state of a module's lists at `version`, updated from the versions `changes` name by the ids they changed. */
const stateAt = (version: number, expires = Infinity, changes: [number, number[]][] = []): DeliveredState => ({
  version,
  nestedVersion: 0,
  expires,
  listed: [],
  bounds: new Map(),
  nestedExpires: Infinity,
  lists: new Map(),
  changes: changes.map(([after, ids]) => ({ after, ids: new Set(ids) })),
});

/** The delivery API's answers and list states kept in memory: under the version they read, until a period bound passes. */
describe('delivered answers', () => {
  const news = { text: '{"data":[]}', etag: '"a"' };
  const page = { ids: [3, 2], total: 2 };

  it('serves a kept answer at its version until its period bound passes', () => {
    let now = 1_000;
    const answers = new DeliveredAnswers(() => now);
    answers.keep('1\nnews', news, stateAt(7, 2_000), 0, page);
    expect(answers.get('1\nnews', stateAt(7, 2_000), 0, page)).toMatchObject(news);
    expect(answers.get('1\nnews', stateAt(8, 2_000), 0, page)).toBeUndefined();
    answers.keep('1\nnews', news, stateAt(8, 2_000), 0, page);
    now = 2_000;
    expect(answers.get('1\nnews', stateAt(8, 2_000), 0, page)).toBeUndefined();
  });

  it('keeps an answer across writes that changed none of the records it shows, as long as it shows the same', () => {
    const answers = new DeliveredAnswers();
    const kept = () => answers.keep('1\nnews', news, stateAt(7), 0, page);
    kept();
    expect(answers.get('1\nnews', stateAt(9, Infinity, [[7, [5]], [8, [6]]]), 0, page)).toMatchObject(news);
    // Found unchanged at 9: kept under 9 now.
    expect(answers.get('1\nnews', stateAt(10, Infinity, [[9, [4]]]), 0, page)).toMatchObject(news);
    kept();
    expect(answers.get('1\nnews', stateAt(9, Infinity, [[7, [5]], [8, [2]]]), 0, page), 'a record shown changed').toBeUndefined();
    kept();
    expect(answers.get('1\nnews', stateAt(8, Infinity, [[7, [5]]]), 0, { ids: [3, 2], total: 3 }), 'the list grew').toBeUndefined();
    kept();
    expect(answers.get('1\nnews', stateAt(8, Infinity, [[7, [5]]]), 1, page), 'a record within changed').toBeUndefined();
    kept();
    expect(answers.get('1\nnews', stateAt(8), 0, page), 'read in full since').toBeUndefined();
  });

  it('drops the least recently used answers past its size', () => {
    const answers = new DeliveredAnswers(Date.now, news.text.length * 2);
    const state = stateAt(1);
    answers.keep('a', news, state, 0, page);
    answers.keep('b', news, state, 0, page);
    answers.get('a', state, 0, page);
    answers.keep('c', news, state, 0, page);
    expect(answers.get('b', state, 0, page)).toBeUndefined();
    expect(answers.get('a', state, 0, page)).toBeDefined();
    expect(answers.get('c', state, 0, page)).toBeDefined();
  });
});

const listedState = (listed: Listed[], bounds: [number, number][] = []): ListedState => ({ listed, bounds: new Map(bounds), nestedExpires: Infinity });

describe('delivered states', () => {
  it('reads the listed records once per version, and again once a period bound passed', async () => {
    let now = 1_000;
    const states = new DeliveredStates(() => now);
    let reads = 0;
    const read = async () => listedState([{ id: ++reads, key: null, values: [] }], [[9, 2_000]]);
    const ids = async (version: number) => DeliveredStates.ids(await states.of(1, 'news_items', version, 0, read), new Map());
    expect(await ids(1)).toEqual([1]);
    expect(await ids(1)).toEqual([1]);
    expect(await ids(2)).toEqual([2]);
    now = 2_000;
    expect(await ids(2)).toEqual([3]);
  });

  it('hands the state kept to be updated only when the module\'s own records changed since and no bound passed', async () => {
    let now = 1_000;
    const states = new DeliveredStates(() => now);
    const held: (number | undefined)[] = [];
    const refresh = async (state: DeliveredState | undefined) => {
      held.push(state?.version);
      return { ...listedState([], [[9, 2_000]]), changed: [held.length] };
    };
    await states.of(1, 'news_items', 1, 0, refresh);
    const updated = await states.of(1, 'news_items', 2, 0, refresh);
    expect(DeliveredStates.unchangedSince(updated, 1, [1, 3])).toBe(true);
    expect(DeliveredStates.unchangedSince(updated, 1, [2])).toBe(false);
    await states.of(1, 'news_items', 3, 1, refresh);
    await states.of(1, 'news_items', 3, 1, refresh);
    now = 2_000;
    await states.of(1, 'news_items', 4, 1, refresh);
    expect(held).toEqual([undefined, 1, undefined, undefined]);
  });

  it('filters the listed records by the values of the filters asked', async () => {
    const listed = [
      { id: 3, key: null, values: [1, false] },
      { id: 2, key: null, values: [2, true] },
      { id: 1, key: null, values: [1, true] },
    ];
    const state = await new DeliveredStates().of(1, 'news_items', 1, 0, async () => listedState(listed));
    expect(DeliveredStates.ids(state, new Map([[0, 1]]))).toEqual([3, 1]);
    expect(DeliveredStates.ids(state, new Map<number, unknown>([[0, 1], [1, true]]))).toEqual([1]);
    expect(DeliveredStates.ids(state, new Map())).toEqual([3, 2, 1]);
  });
});

describe('a kept list merged with the records changed', () => {
  const shown = (id: number, key: unknown): ChangedRecord => ({ id, key, values: [], shown: true, bound: null });
  const ids = (listed: Listed[] | undefined) => listed?.map(({ id }) => id);
  const byDate = [
    { id: 5, key: '2026-03-01', values: [] },
    { id: 9, key: '2026-02-01', values: [] },
    { id: 4, key: '2026-02-01', values: [] },
    { id: 2, key: '2026-01-01', values: [] },
  ];

  it('takes out the records no longer shown and puts each shown one where its sort value and id place it', () => {
    const changed = [shown(7, '2026-02-01'), { ...shown(9, '2026-02-01'), shown: false }, shown(2, '2026-04-01'), shown(8, '2025-12-31')];
    expect(ids(mergeListed(byDate, changed, 'DESC', true))).toEqual([2, 5, 7, 4, 8]);
    expect(ids(mergeListed([...byDate].reverse(), changed, 'ASC', true))).toEqual([8, 4, 7, 5, 2]);
  });

  it('orders as PostgreSQL orders JSONB: SQL NULL last, then by type (null, text, number, boolean), text by its bytes', () => {
    const keys: unknown[] = [undefined, true, 10, 9, 'ż', 'z', 'Z', null];
    const changed = keys.map((key, index) => shown(index + 1, key));
    expect(ids(mergeListed([], changed, 'DESC', true))).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('gives up where only the database knows the order: text under another collation, objects, numbers beyond doubles', () => {
    expect(mergeListed(byDate, [shown(7, '2026-02-01')], 'DESC', false)).toBeUndefined();
    expect(mergeListed(byDate, [shown(7, { at: 1 })], 'DESC', true)).toBeUndefined();
    const big = [{ id: 1, key: 2 ** 60, values: [] }];
    expect(mergeListed(big, [shown(2, 2 ** 60)], 'DESC', true)).toBeUndefined();
  });
});
