import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { compileMime } from '../../src/modules/newsletter/server/mailings/mime';
import { DeliveryTokens, listIdOf, prepareMailing, renderMessage } from '../../src/modules/newsletter/server/mailings/render';
import { decodeEncodedWords, decodeQuotedPrintable } from '../api/support/outbox';

const tokens = new DeliveryTokens(new Uint8Array(32).fill(7));
const PUBLIC_URL = 'https://panel.example.pl';
// Polish letters, a line that begins with a dot, trailing spaces, both line endings, a line far over 76 characters, links.
const HTML = `<html><body><h1>Dzień dobry, {{name}}!</h1>\n.kropka na początku linii  \r\n<p>${'Zażółć gęślą jaźń = 100% '.repeat(12)}</p>
<p><a href="https://sklep.example.pl/nowosci?a=1&amp;b=2">Nowości</a> {{email}}</p></body></html>`;

function parse(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map(
    raw
      .slice(0, split)
      .replace(/\r\n[ \t]+/g, ' ')
      .split('\r\n')
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()] as const),
  );
  const boundary = /boundary="([^"]+)"/.exec(headers.get('Content-Type') ?? '')![1];
  const parts = raw
    .slice(split + 4)
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const body = part.slice(part.indexOf('\r\n\r\n') + 4).replace(/\r\n$/, '');
      return { type: /Content-Type: ([^;]+)/.exec(part)![1], content: decodeQuotedPrintable(body) };
    });
  return { headers, parts };
}

describe("a mailing's messages compiled to MIME once", () => {
  for (const tracking of [true, false]) {
    it(`decode to what the message renders as (tracking ${tracking ? 'on' : 'off'}), in lines of at most 76 characters`, () => {
      const prepared = prepareMailing('Nowości — sierpień', HTML, tracking, listIdOf(7, 'Sklep „Łódź”', PUBLIC_URL));
      const recipient = { deliveryId: 4242, email: 'anna.nowak@example.pl', name: 'Anna <Łucja> & Co', messageId: tokens.messageId(4242, 7, 'sklep.example.pl') };
      const raw = compileMime(prepared, { name: 'Biuro Łódź', address: 'biuro@sklep.example.pl' })(recipient, tokens, PUBLIC_URL);
      const expected = renderMessage(prepared, recipient, tokens, PUBLIC_URL);
      const { headers, parts } = parse(raw);

      expect(decodeEncodedWords(headers.get('Subject')!)).toBe('Nowości — sierpień');
      expect(decodeEncodedWords(headers.get('From')!)).toBe('Biuro Łódź <biuro@sklep.example.pl>');
      expect(headers.get('To')).toBe('anna.nowak@example.pl');
      expect(decodeEncodedWords(headers.get('List-Id')!)).toBe('Sklep „Łódź” <newsletter-7.panel.example.pl>');
      expect(headers.get('List-Id')).toBe(expected.headers!['List-Id']);
      expect(headers.get('List-Unsubscribe')).toBe(expected.headers!['List-Unsubscribe']);
      expect(headers.get('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(headers.get('Message-ID')).toBe(recipient.messageId);
      expect(new Date(headers.get('Date')!).getTime()).toBeGreaterThan(Date.now() - 60_000);
      // Line breaks travel as CRLF in MIME: the parts decode to the rendered ones with theirs.
      const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');
      expect(parts).toEqual([
        { type: 'text/plain', content: crlf(expected.text) },
        { type: 'text/html', content: crlf(expected.html!) },
      ]);
      for (const line of raw.split('\r\n').slice(raw.slice(0, raw.indexOf('\r\n\r\n')).split('\r\n').length)) expect(line.length).toBeLessThanOrEqual(76);
    });
  }
});

describe("a delivery's Message-ID", () => {
  it('is the same on every try of the delivery, its own, and of this installation only', () => {
    const messageId = tokens.messageId(4242, 7, 'sklep.example.pl');
    expect(messageId).toMatch(/^<d4242\.m7\.[\w-]{22}@sklep\.example\.pl>$/);
    expect(tokens.messageId(4242, 7, 'sklep.example.pl')).toBe(messageId);
    expect(tokens.messageId(4243, 7, 'sklep.example.pl')).not.toBe(messageId);
    expect(new DeliveryTokens(new Uint8Array(32).fill(8)).messageId(4242, 7, 'sklep.example.pl')).not.toBe(messageId);
  });

  it('is the one nodemailer sends for a rendered message (addresses MIME headers cannot carry as they are)', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const recipient = { deliveryId: 17, email: 'zażółć@example.pl', name: 'Zażółć', messageId: tokens.messageId(17, 3, 'sklep.example.pl') };
    const info = await transport.sendMail({ from: 'biuro@sklep.example.pl', ...renderMessage(prepareMailing('Temat', HTML, false, listIdOf(3, 'Sklep', PUBLIC_URL)), recipient, tokens, PUBLIC_URL) });
    const raw = (info.message as Buffer).toString('utf8');
    expect(parse(raw).headers.get('Message-ID')).toBe(recipient.messageId);
  });
});
