import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSignedLinks } from '../../src/server/platform/files/signed-links';

const links = createSignedLinks(randomBytes(32));
// Two bytes: its base64url has a last character with two unused bits, which a lax decoder ignores.
const SUBJECT = 'ab';

describe('signed links', () => {
  afterEach(() => vi.restoreAllMocks());

  it('give their subject back for the purpose they were signed for, and nothing for another purpose or another secret', () => {
    const token = links.sign('disk-download', 'disk/s1/0123456789abcdef0123456789abcdef', 60);
    expect(links.verify('disk-download', token)).toBe('disk/s1/0123456789abcdef0123456789abcdef');
    expect(links.verify('file', token)).toBeNull();
    expect(links.verify('template-download', links.sign('mailing-page', '1/2', 60))).toBeNull();
    expect(createSignedLinks(randomBytes(32)).verify('disk-download', token)).toBeNull();
  });

  it('are read only exactly as written: anything appended, cut, missing or encoded another way is refused', () => {
    const token = links.sign('file', SUBJECT, 60);
    const [subject, expires, signature] = token.split('.');
    expect(subject).toBe('YWI');
    const lastBitsChanged = 'YWJ';
    expect(Buffer.from(lastBitsChanged, 'base64url').toString()).toBe(SUBJECT);
    for (const wrong of [
      `${token}.`,
      `${token}.junk`,
      `${token}x`,
      ` ${token}`,
      token.slice(0, -1),
      `${subject}.${expires}`,
      `${subject}..${signature}`,
      `${lastBitsChanged}.${expires}.${signature}`,
      `${subject}=.${expires}.${signature}`,
      `${subject}.0${expires}.${signature}`,
      `${subject}.${expires}.${signature.toUpperCase()}`,
      `${subject}.${Number(expires) + 1}.${signature}`,
    ]) {
      expect(links.verify('file', wrong), wrong).toBeNull();
    }
    for (const notText of [undefined, null, 7, [token], { token }]) expect(links.verify('file', notText)).toBeNull();
  });

  it('expire after their time', () => {
    const token = links.sign('file', SUBJECT, 60);
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 59_000);
    expect(links.verify('file', token)).toBe(SUBJECT);
    vi.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    expect(links.verify('file', token)).toBeNull();
  });
});
