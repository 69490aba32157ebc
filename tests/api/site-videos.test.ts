import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_WEBM } from '../../src/modules/site/server/videos/demo-media';
import { PNG, demoSites, multipart } from './schema-fixtures';
import { createTestApp, type TestApp } from './support/app';
import { type Method, signedIn } from './support/signed-in';

/**
 * The site's videos (SPEC 2 "moduly/filmy"): the sources the template allows (klient's site has
 * them all, klient2's none), links and embed code kept as allow-listed embed addresses, uploaded
 * files checked by their signature and size, the attachments (WebVTT captions, a transcript,
 * files), the options, isolation, and nothing stored of a refused write.
 */
let test: TestApp;
const { tokens, signIn, call } = signedIn(() => test);
let site: number;
let otherSite: number;
let newsletter: number;

const videosOf = (service: number) => `/api/client_service/${service}/module/videos`;
const attachmentsOf = (video: number, service = site) => `${videosOf(service)}/${video}/attachments`;
const YOUTUBE_EMBED = 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ';
/** The first bytes of an MP4 file (an ftyp box of brand isom), enough for its signature. */
const MP4_HEAD = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(12)]);
const VTT = Buffer.from('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nDzień dobry\n');

async function created(method: Method, url: string, payload: unknown, as = 'klient'): Promise<Record<string, unknown> & { id: number }> {
  const answer = await call(method, url, payload, as);
  expect([200, 201], answer.body).toContain(answer.statusCode);
  return answer.json();
}

const upload = (method: 'POST' | 'PUT', url: string, payload: unknown, file?: { name: string; type: string; data: Buffer }, field = 'video', as = 'klient') =>
  test.call({ method, url, token: tokens[as], ...multipart(payload, file, field) });

const total = async (url: string, as = 'klient') => (await call('GET', `${url}?per_page=100`, undefined, as)).json().pagination.total as number;

/** A refused write: the status, the Polish message on the field, and the list as it was. */
async function refused(answer: Awaited<ReturnType<typeof call>>, status: number, field: string | null, message: string, list: string, before: number, as = 'klient') {
  expect(answer.statusCode, answer.body).toBe(status);
  if (field) expect(answer.json().errors[field]).toBe(message);
  else expect(answer.json().detail).toBe(message);
  expect(await total(list, as)).toBe(before);
}

beforeAll(async () => {
  test = await createTestApp();
  await signIn('klient', 'klient2');
  ({ site, otherSite, newsletter } = await demoSites(test));
});
afterAll(async () => {
  await test?.close();
});

describe('video sources', () => {
  it("offers the sources the site's template allows", async () => {
    expect((await call('GET', `${videosOf(site)}/sources`)).json().data).toEqual([
      { id: 'upload', name: 'Plik z komputera' },
      { id: 'link', name: 'Link do YouTube lub Facebooka' },
      { id: 'embed', name: 'Kod osadzenia' },
    ]);
    expect((await call('GET', `${videosOf(otherSite)}/sources`, undefined, 'klient2')).json().data).toEqual([]);
    expect((await call('GET', `${videosOf(otherSite)}/sources`)).statusCode).toBe(403);
  });

  it("refuses every source on a site whose template allows none, storing nothing", async () => {
    const list = videosOf(otherSite);
    const before = await total(list, 'klient2');
    const message = 'Szablon strony nie pozwala na filmy z tego źródła.';
    await refused(await call('POST', list, { title: 'Film z YouTube', source: 'link', url: 'https://youtu.be/aqz-KE-bpKQ' }, 'klient2'), 400, 'source', message, list, before, 'klient2');
    const code = '<iframe src="https://www.youtube.com/embed/aqz-KE-bpKQ"></iframe>';
    await refused(await call('POST', list, { title: 'Osadzony film', source: 'embed', embed_code: code }, 'klient2'), 400, 'source', message, list, before, 'klient2');
    await refused(await upload('POST', list, { title: 'Przesłany film', source: 'upload' }, { name: 'film.webm', type: 'video/webm', data: DEMO_WEBM }, 'video', 'klient2'), 400, 'source', message, list, before, 'klient2');
  });

  it('checks the fields in Polish', async () => {
    const answer = await call('POST', videosOf(site), {});
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ detail: 'Proszę poprawnie wypełnić formularz.', errors: { title: 'Tytuł filmu jest wymagany.', source: 'Wybierz źródło filmu.' } });
    const link = await call('POST', videosOf(site), { title: 'Film', source: 'link' });
    expect(link.json().errors.url).toBe('Podaj link do filmu.');
    const embed = await call('POST', videosOf(site), { title: 'Film', source: 'embed', embed_code: '' });
    expect(embed.json().errors.embed_code).toBe('Wklej kod osadzenia filmu.');
    const wrongTypes = await call('POST', videosOf(site), { title: 5, source: 'vimeo', autoplay: 'tak' });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json().errors).toMatchObject({ title: 'Tytuł filmu jest wymagany.', source: 'Wybierz źródło filmu.', autoplay: 'Wartość pola jest nieprawidłowa.' });
    const short = await call('POST', videosOf(site), { title: 'Fi', source: 'link', url: 'https://youtu.be/aqz-KE-bpKQ' });
    expect(short.json().errors.title).toBe('Tytuł filmu powinien zawierać co najmniej 3 znaki.');
  });
});

describe('links', () => {
  it('stores YouTube and Facebook links as their embed addresses, and shows them after a save', async () => {
    const youtube = await created('POST', videosOf(site), { title: 'Spacer', source: 'link', url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=10s' });
    expect(youtube).toMatchObject({ url: YOUTUBE_EMBED, embed_url: YOUTUBE_EMBED, published: true, autoplay: false, on_home_page: false });
    const short = await created('POST', videosOf(site), { title: 'Krótki link', source: 'link', url: 'https://youtu.be/aqz-KE-bpKQ' });
    expect(short.embed_url).toBe(YOUTUBE_EMBED);
    const facebook = await created('POST', videosOf(site), { title: 'Z Facebooka', source: 'link', url: 'https://www.facebook.com/gmina/videos/1234567890/?ref=share' });
    expect(facebook.embed_url).toBe(`https://www.facebook.com/plugins/video.php?href=${encodeURIComponent('https://www.facebook.com/gmina/videos/1234567890/')}&show_text=false`);
    // Saved again as the form sends it back: the same address.
    const again = await created('PUT', `${videosOf(site)}/${youtube.id}`, youtube);
    expect(again.url).toBe(YOUTUBE_EMBED);
  });

  it('refuses a link to a host off the allow-list, storing nothing', async () => {
    const list = videosOf(site);
    const before = await total(list);
    for (const url of ['https://vimeo.com/76979871', 'https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ', 'https://evil.example/?u=https://youtu.be/aqz-KE-bpKQ', 'https://www.youtube.com/watch?v=short']) {
      await refused(await call('POST', list, { title: 'Obcy film', source: 'link', url }), 400, 'url', 'Podaj link do filmu w serwisie YouTube lub Facebook.', list, before);
    }
    await refused(await call('POST', list, { title: 'Obcy film', source: 'link', url: 'javascript:alert(1)' }), 400, 'url', 'Podaj pełny adres filmu, zaczynający się od https://.', list, before);
  });
});

describe('embed code', () => {
  it('keeps only the allowed frame, written anew', async () => {
    const code = '<div class="wrapper"><iframe onload="alert(1)" style="position:fixed" src="https://www.youtube.com/embed/aqz-KE-bpKQ?autoplay=1&amp;x=1" srcdoc="<b>x</b>"></iframe></div>';
    const video = await created('POST', videosOf(site), { title: 'Osadzony "film"', source: 'embed', embed_code: code });
    expect(video.embed_url).toBe(YOUTUBE_EMBED);
    expect(video.embed_code).toBe(
      `<iframe src="${YOUTUBE_EMBED}" title="Osadzony &quot;film&quot;" width="560" height="315" loading="lazy" referrerpolicy="strict-origin-when-cross-origin" allow="encrypted-media; picture-in-picture; fullscreen" allowfullscreen></iframe>`,
    );
  });

  it('refuses a script, a frame of another host and two frames, storing nothing', async () => {
    const list = videosOf(site);
    const before = await total(list);
    const frame = '<iframe src="https://www.youtube.com/embed/aqz-KE-bpKQ"></iframe>';
    const cases = [
      [`${frame}<script>alert(1)</script>`, 'Kod osadzenia nie może zawierać skryptów.'],
      ['<iframe src="https://evil.example/embed/aqz-KE-bpKQ"></iframe>', 'Kod osadzenia musi zawierać ramkę (iframe) z filmem z serwisu YouTube lub Facebook.'],
      ['<p>Bez ramki</p>', 'Kod osadzenia musi zawierać ramkę (iframe) z filmem z serwisu YouTube lub Facebook.'],
      [`${frame}${frame}`, 'Kod osadzenia może zawierać tylko jedną ramkę z filmem.'],
    ];
    for (const [embed_code, message] of cases) await refused(await call('POST', list, { title: 'Film', source: 'embed', embed_code }), 400, 'embed_code', message, list, before);
  });
});

describe('uploaded videos', () => {
  it('takes a WebM or an MP4 with a poster, served from the file store', async () => {
    const saved = await upload('POST', videosOf(site), { title: 'Dzień otwarty', source: 'upload' }, { name: 'film.webm', type: 'video/webm', data: DEMO_WEBM });
    expect(saved.statusCode, saved.body).toBe(201);
    const video = saved.json();
    const file = await test.call({ method: 'GET', url: video.video_uri });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('video/webm');
    const poster = await upload('PUT', `${videosOf(site)}/${video.id}`, video, { name: 'kadr.png', type: 'image/png', data: PNG }, 'poster');
    expect(poster.statusCode, poster.body).toBe(200);
    expect(poster.json().video_uri).toBe(video.video_uri);
    const mp4 = await upload('POST', videosOf(site), { title: 'Film MP4', source: 'upload' }, { name: 'film.mp4', type: 'video/mp4', data: MP4_HEAD });
    expect(mp4.statusCode, mp4.body).toBe(201);
  });

  it('refuses a fake MP4, a huge file, no file and a poster of a link, storing nothing', async () => {
    const list = videosOf(site);
    const before = await total(list);
    const fake = await upload('POST', list, { title: 'Udawany film', source: 'upload' }, { name: 'film.mp4', type: 'video/mp4', data: Buffer.from('<html>to nie jest film</html>') });
    await refused(fake, 415, null, 'Nieobsługiwany typ pliku.', list, before);
    const huge = Buffer.concat([DEMO_WEBM, Buffer.alloc(50 * 1024 * 1024)]);
    await refused(await upload('POST', list, { title: 'Za duży film', source: 'upload' }, { name: 'film.webm', type: 'video/webm', data: huge }), 413, null, 'Przesłany plik jest zbyt duży.', list, before);
    await refused(await call('POST', list, { title: 'Bez pliku', source: 'upload' }), 400, 'video', 'Dodaj plik filmu (MP4 lub WebM).', list, before);
    const poster = await upload('POST', list, { title: 'Link z plakatem', source: 'link', url: 'https://youtu.be/aqz-KE-bpKQ' }, { name: 'kadr.png', type: 'image/png', data: PNG }, 'poster');
    await refused(poster, 400, 'poster', 'Plik filmu i plakat dodaje się tylko do filmu przesłanego z komputera.', list, before);
  });

  it('lets the form replace the file: removing it first, then sending the new one', async () => {
    const video = (await upload('POST', videosOf(site), { title: 'Do wymiany', source: 'upload' }, { name: 'film.webm', type: 'video/webm', data: DEMO_WEBM })).json();
    expect((await call('DELETE', `${videosOf(site)}/${video.id}/video`)).statusCode).toBe(204);
    // Without a file it cannot be saved as it is…
    expect((await call('PUT', `${videosOf(site)}/${video.id}`, video)).json().errors.video).toBe('Dodaj plik filmu (MP4 lub WebM).');
    // …but with the new one it can.
    const replaced = await upload('PUT', `${videosOf(site)}/${video.id}`, video, { name: 'nowy.mp4', type: 'video/mp4', data: MP4_HEAD });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().video_uri).toMatch(/\.mp4$/);
  });
});

describe('options, isolation and deleting', () => {
  it('saves the options, autoplay off until chosen', async () => {
    const video = await created('POST', videosOf(site), { title: 'Opcje', source: 'link', url: 'https://youtu.be/aqz-KE-bpKQ' });
    expect(video).toMatchObject({ published: true, on_home_page: false, autoplay: false, muted: false, loop: false, captions_shown: false });
    const saved = await created('PUT', `${videosOf(site)}/${video.id}`, { ...video, published: false, on_home_page: true, autoplay: true, muted: true });
    expect(saved).toMatchObject({ published: false, on_home_page: true, autoplay: true, muted: true });
    const unpublished = (await call('GET', `${videosOf(site)}?published=false&per_page=100`)).json().data as { id: number }[];
    expect(unpublished.map((row) => row.id)).toContain(video.id);
  });

  it("keeps each service's videos and attachments to itself", async () => {
    const mine = await created('POST', videosOf(site), { title: 'Mój film', source: 'link', url: 'https://youtu.be/aqz-KE-bpKQ' });
    for (const [method, url] of [
      ['GET', `${videosOf(site)}/${mine.id}`],
      ['PUT', `${videosOf(site)}/${mine.id}`],
      ['DELETE', `${videosOf(site)}/${mine.id}`],
      ['GET', attachmentsOf(mine.id)],
      ['GET', `${videosOf(site)}/sources`],
    ] as const) {
      const answer = await call(method, url, method === 'PUT' ? { title: 'Przejęty', source: 'link', url: 'https://youtu.be/aqz-KE-bpKQ' } : undefined, 'klient2');
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.json().detail).toBe('Brak dostępu.');
    }
    // The same video id under klient2's own site is not found there, and its attachments are refused as a foreign parent.
    expect((await call('GET', `${videosOf(otherSite)}/${mine.id}`, undefined, 'klient2')).statusCode).toBe(404);
    expect((await call('GET', attachmentsOf(mine.id, otherSite), undefined, 'klient2')).statusCode).toBe(403);
    // A newsletter service has no videos module.
    expect((await call('GET', videosOf(newsletter))).statusCode).toBe(403);
    expect((await call('GET', `${videosOf(site)}/${mine.id}`)).json().title).toBe('Mój film');
  });

  it('deletes a video with its attachments', async () => {
    const video = await created('POST', videosOf(site), { title: 'Do usunięcia', source: 'link', url: 'https://youtu.be/aqz-KE-bpKQ' });
    await created('POST', attachmentsOf(video.id), { kind: 'transcript', label: 'Transkrypcja', transcript: '<p>Tekst</p>' });
    expect((await call('DELETE', `${videosOf(site)}/${video.id}`)).statusCode).toBe(204);
    expect((await call('GET', `${videosOf(site)}/${video.id}`)).statusCode).toBe(404);
    expect((await call('GET', attachmentsOf(video.id))).statusCode).toBe(403);
  });
});

describe('attachments', () => {
  let video: number;
  beforeAll(async () => {
    video = (await created('POST', videosOf(site), { title: 'Z załącznikami', source: 'link', url: 'https://youtu.be/aqz-KE-bpKQ' })).id;
  });

  it('takes WebVTT captions with their language, a transcript as text and other files', async () => {
    const captions = await upload('POST', attachmentsOf(video), { kind: 'captions', label: 'Polski', language: 'pl' }, { name: 'napisy.vtt', type: 'text/vtt', data: VTT }, 'captions');
    expect(captions.statusCode, captions.body).toBe(201);
    const file = await test.call({ method: 'GET', url: captions.json().captions_uri });
    expect(file.headers['content-type']).toMatch(/^text\/vtt/);
    expect(file.body).toBe(VTT.toString());
    const transcript = await created('POST', attachmentsOf(video), { kind: 'transcript', label: 'Transkrypcja', transcript: '<p onclick="alert(1)">Dzień dobry<script>alert(1)</script></p>' });
    expect(transcript.transcript).toBe('<p>Dzień dobry</p>');
    const pdf = await upload('POST', attachmentsOf(video), { kind: 'file', label: 'Scenariusz' }, { name: 'scenariusz.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') }, 'document');
    expect(pdf.statusCode, pdf.body).toBe(201);
    const rows = (await call('GET', attachmentsOf(video))).json().data as { label: string }[];
    expect(rows.map((row) => row.label)).toEqual(['Polski', 'Transkrypcja', 'Scenariusz']);
  });

  it('refuses captions that are not WebVTT, too large, without a file or a language, storing nothing', async () => {
    const list = attachmentsOf(video);
    const before = await total(list);
    const captions = (data: Buffer, payload: Record<string, unknown> = { kind: 'captions', label: 'Polski', language: 'pl' }) =>
      upload('POST', list, payload, { name: 'napisy.vtt', type: 'text/vtt', data }, 'captions');
    await refused(await captions(Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nTo jest SRT\n')), 415, null, 'Nieobsługiwany typ pliku.', list, before);
    await refused(await captions(Buffer.concat([VTT, Buffer.alloc(600 * 1024, 0x20)])), 413, null, 'Przesłany plik jest zbyt duży.', list, before);
    await refused(await captions(VTT, { kind: 'captions', label: 'Polski' }), 400, 'language', 'Podaj język napisów.', list, before);
    await refused(await captions(VTT, { kind: 'captions', label: 'Polski', language: 'polski' }), 400, 'language', 'Podaj kod języka, np. pl, en lub pt-BR.', list, before);
    await refused(await captions(VTT, { kind: 'file', label: 'Napisy jako plik' }), 400, 'captions', 'Plik napisów WebVTT dodaje się tylko do załącznika rodzaju „Napisy”.', list, before);
    await refused(await call('POST', list, { kind: 'captions', label: 'Polski', language: 'pl' }), 400, 'captions', 'Dodaj plik napisów WebVTT (.vtt).', list, before);
    await refused(await call('POST', list, { kind: 'transcript', label: 'Pusta' }), 400, 'transcript', 'Wpisz transkrypcję lub dodaj plik z nią.', list, before);
    await refused(await call('POST', list, { kind: 'file', label: 'Bez pliku' }), 400, 'document', 'Dodaj plik.', list, before);
    const wrongKind = await call('POST', list, { kind: 'audio', label: 'Nagranie' });
    expect(wrongKind.json().errors.kind).toBe('Wybierz rodzaj załącznika.');
    const empty = await call('POST', list, {});
    expect(empty.json().errors).toMatchObject({ kind: 'Wybierz rodzaj załącznika.', label: 'Nazwa jest wymagana.' });
  });
});

describe('the demo', () => {
  it("fills klient's site with a video of each source, the uploaded one with captions", async () => {
    const rows = (await call('GET', `${videosOf(site)}?per_page=100&sort=id&order=ASC`)).json().data as Record<string, unknown>[];
    const demo = rows.slice(0, 3);
    expect(demo.map((row) => row.source)).toEqual(['link', 'embed', 'upload']);
    const uploaded = demo[2] as { id: number; video_uri: string; poster_uri: string };
    expect((await test.call({ method: 'GET', url: uploaded.video_uri })).statusCode).toBe(200);
    const attachments = (await call('GET', attachmentsOf(uploaded.id))).json().data as Record<string, unknown>[];
    expect(attachments.filter((row) => row.kind === 'captions').map((row) => row.language)).toEqual(['pl', 'en']);
  });
});
