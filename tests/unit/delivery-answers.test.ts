import { describe, expect, it } from 'vitest';
import { ANSWER_SECONDS, DeliveredAnswers } from '../../src/modules/site/server/delivery/answers';

/** The delivery API's answers kept in memory: a few seconds at most, dropped by a write to what they show. */
describe('delivered answers', () => {
  const news = { serviceId: 1, resource: 'news_items', text: '{"data":[]}', etag: '"a"' };

  it('serves a kept answer until it expires', () => {
    let now = 1_000;
    const answers = new DeliveredAnswers(() => now);
    answers.keep('/news', news, answers.version(1, 'news_items'));
    expect(answers.get('/news')).toMatchObject({ text: news.text, etag: news.etag });
    now += ANSWER_SECONDS * 1000;
    expect(answers.get('/news')).toBeUndefined();
  });

  it("drops a module's answers when it changes, a service's when its key does, and nobody else's", () => {
    const answers = new DeliveredAnswers();
    const banners = { ...news, resource: 'scroll_banners' };
    const otherSite = { ...news, serviceId: 2 };
    for (const [request, answer] of [['/news', news], ['/banners', banners], ['/other', otherSite]] as const) answers.keep(request, answer, answers.version(answer.serviceId, answer.resource));
    answers.changed(1, 'news_items');
    expect(answers.get('/news')).toBeUndefined();
    expect(answers.get('/banners')).toBeDefined();
    answers.changed(1);
    expect(answers.get('/banners')).toBeUndefined();
    expect(answers.get('/other')).toBeDefined();
  });

  it('keeps no answer read while its module was written', () => {
    const answers = new DeliveredAnswers();
    const before = answers.version(1, 'news_items');
    answers.changed(1, 'news_items');
    answers.keep('/news', news, before);
    expect(answers.get('/news')).toBeUndefined();
  });
});
