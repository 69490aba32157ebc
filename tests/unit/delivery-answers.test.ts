import { describe, expect, it } from 'vitest';
import { DeliveredAnswers, DeliveredStates } from '../../src/modules/site/server/delivery/answers';

/** The delivery API's answers and list states kept in memory: under the version they read, until a period bound passes. */
describe('delivered answers', () => {
  const news = { text: '{"data":[]}', etag: '"a"' };

  it('serves a kept answer at its version until its period bound passes', () => {
    let now = 1_000;
    const answers = new DeliveredAnswers(() => now);
    answers.keep('1\nnews', news, 7, 2_000);
    expect(answers.get('1\nnews', 7)).toMatchObject(news);
    expect(answers.get('1\nnews', 8)).toBeUndefined();
    answers.keep('1\nnews', news, 8, 2_000);
    now = 2_000;
    expect(answers.get('1\nnews', 8)).toBeUndefined();
  });

  it('drops the least recently used answers past its size', () => {
    const answers = new DeliveredAnswers(Date.now, news.text.length * 2);
    answers.keep('a', news, 1, Infinity);
    answers.keep('b', news, 1, Infinity);
    answers.get('a', 1);
    answers.keep('c', news, 1, Infinity);
    expect(answers.get('b', 1)).toBeUndefined();
    expect(answers.get('a', 1)).toBeDefined();
    expect(answers.get('c', 1)).toBeDefined();
  });
});

describe('delivered states', () => {
  it('reads the listed records once per version, and again once a period bound passed', async () => {
    let now = 1_000;
    const states = new DeliveredStates(() => now);
    let reads = 0;
    const read = async () => ({ listed: [{ id: ++reads, values: [] }], expires: 2_000 });
    const ids = async (version: number) => DeliveredStates.ids(await states.of(1, 'news_items', version, read), new Map());
    expect(await ids(1)).toEqual([1]);
    expect(await ids(1)).toEqual([1]);
    expect(await ids(2)).toEqual([2]);
    now = 2_000;
    expect(await ids(2)).toEqual([3]);
  });

  it('filters the listed records by the values of the filters asked', async () => {
    const listed = [
      { id: 3, values: [1, false] },
      { id: 2, values: [2, true] },
      { id: 1, values: [1, true] },
    ];
    const state = await new DeliveredStates().of(1, 'news_items', 1, async () => ({ listed, expires: Infinity }));
    expect(DeliveredStates.ids(state, new Map([[0, 1]]))).toEqual([3, 1]);
    expect(DeliveredStates.ids(state, new Map<number, unknown>([[0, 1], [1, true]]))).toEqual([1]);
    expect(DeliveredStates.ids(state, new Map())).toEqual([3, 2, 1]);
  });
});
