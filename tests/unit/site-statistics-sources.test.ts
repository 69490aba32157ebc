import { describe, expect, it } from 'vitest';
import { botPattern, isBot } from '../../src/modules/site/server/statistics/bots';
import { classifySource } from '../../src/modules/site/server/statistics/sources';

const OWN = ['www.kowalski.example.com', 'kowalski.example.net'];

describe('the source of a page view', () => {
  it.each([
    [undefined, {}, 'direct', ''],
    ['', {}, 'direct', ''],
    ['nie adres', {}, 'direct', ''],
    ['android-app://com.example/', {}, 'direct', ''],
    ['https://www.kowalski.example.com/o-nas', {}, 'direct', ''],
    ['https://KOWALSKI.example.net./', {}, 'direct', ''],
    ['https://www.google.com/', {}, 'search', 'Google'],
    ['https://www.google.com.pl/search?q=x', {}, 'search', 'Google'],
    ['https://duckduckgo.com/', {}, 'search', 'DuckDuckGo'],
    ['https://www.bing.com/', {}, 'search', 'Bing'],
    ['https://l.facebook.com/l.php', {}, 'social', 'Facebook'],
    ['https://t.co/abc', {}, 'social', 'X (Twitter)'],
    ['https://www.linkedin.com/feed/', {}, 'social', 'LinkedIn'],
    ['https://wykop.pl/link/1', {}, 'social', 'Wykop'],
    ['https://www.gazeta.example.org/a', {}, 'referral', 'gazeta.example.org'],
    ['https://www.google.com/', { source: 'Newsletter', medium: 'email' }, 'campaign', 'newsletter'],
    [undefined, { campaign: 'Wiosna 2026' }, 'campaign', 'wiosna 2026'],
    [undefined, { source: '   ' }, 'direct', ''],
  ] as const)('%s with %o is %s %s', (referrer, campaign, kind, name) => {
    expect(classifySource(referrer, campaign, OWN)).toEqual({ kind, name });
  });

  it('cuts a long campaign name', () => {
    expect(classifySource(undefined, { source: 'x'.repeat(500) }, OWN).name).toHaveLength(100);
  });
});

describe('the robots filter', () => {
  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    'curl/8.5.0',
    'python-requests/2.32.3',
    'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
    '',
    undefined,
    'short',
  ])('counts %s as a robot', (userAgent) => {
    expect(isBot(userAgent)).toBe(true);
  });

  it.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  ])('counts a browser: %s', (userAgent) => {
    expect(isBot(userAgent)).toBe(false);
  });

  it('reads the list: a pattern a line, comments and blank lines skipped', () => {
    const pattern = botPattern('# robots\n\nfoobot\n  crawler/\\d  \n');
    expect(pattern.test('Mozilla FooBot')).toBe(true);
    expect(pattern.test('crawler/2')).toBe(true);
    expect(pattern.test('# robots')).toBe(false);
  });
});
