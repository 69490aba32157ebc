import { describe, expect, it } from 'vitest';
import { isVideoEmbedUrl, sanitizeEmbedCode, videoEmbedUrl } from '../../src/common/video';
import { detectFileType } from '../../src/server/platform/files/signatures';
import { DEMO_WEBM } from '../../src/modules/site/server/videos/demo-media';

const NOCOOKIE = 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ';
const facebookPlayer = (video: string) => `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(video)}&show_text=false`;

describe('video links', () => {
  it.each([
    'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    'https://youtube.com/watch?feature=share&v=aqz-KE-bpKQ&t=42',
    'https://m.youtube.com/watch?v=aqz-KE-bpKQ',
    'http://youtu.be/aqz-KE-bpKQ?si=tracking',
    'https://www.youtube.com/shorts/aqz-KE-bpKQ',
    'https://www.youtube.com/live/aqz-KE-bpKQ',
    'https://www.youtube.com/embed/aqz-KE-bpKQ?autoplay=1',
    NOCOOKIE,
    '  https://youtu.be/aqz-KE-bpKQ  ',
  ])('embeds the YouTube link %s through youtube-nocookie.com', (link) => {
    expect(videoEmbedUrl(link)).toBe(NOCOOKIE);
  });

  it.each([
    ['https://www.facebook.com/gmina/videos/1234567890/?ref=share', 'https://www.facebook.com/gmina/videos/1234567890/'],
    ['https://m.facebook.com/gmina/videos/opis-filmu/1234567890', 'https://www.facebook.com/gmina/videos/opis-filmu/1234567890/'],
    ['https://www.facebook.com/watch/?v=1234567890&ref=x', 'https://www.facebook.com/watch/?v=1234567890'],
    ['https://www.facebook.com/reel/1234567890', 'https://www.facebook.com/reel/1234567890/'],
    ['https://fb.watch/aBcD12/', 'https://fb.watch/aBcD12/'],
    [facebookPlayer('https://www.facebook.com/gmina/videos/1234567890/'), 'https://www.facebook.com/gmina/videos/1234567890/'],
  ])('embeds the Facebook link %s through its player', (link, video) => {
    expect(videoEmbedUrl(link)).toBe(facebookPlayer(video));
  });

  it.each([
    'https://vimeo.com/76979871',
    'https://youtube.com.evil.example/watch?v=aqz-KE-bpKQ',
    'https://evilyoutube.com/watch?v=aqz-KE-bpKQ',
    'https://evil.example/redirect?to=https://youtu.be/aqz-KE-bpKQ',
    'https://www.youtube.com/watch?v=too-short',
    'https://www.youtube.com/watch?v=aqz-KE-bpKQ"onload="x',
    'https://www.youtube.com:8443/watch?v=aqz-KE-bpKQ',
    'https://user@www.youtube.com/watch?v=aqz-KE-bpKQ',
    'javascript:alert(1)//youtu.be/aqz-KE-bpKQ',
    'ftp://youtu.be/aqz-KE-bpKQ',
    'https://www.facebook.com/gmina/',
    'https://www.facebook.com/plugins/video.php?href=https://evil.example/videos/1/',
    'https://fb.watch/a/b/',
    'nie link',
  ])('refuses %s', (link) => {
    expect(videoEmbedUrl(link)).toBeNull();
  });

  it('frames only the embed addresses it makes, which the panel allows', () => {
    expect(isVideoEmbedUrl(NOCOOKIE)).toBe(true);
    expect(isVideoEmbedUrl(facebookPlayer('https://fb.watch/aBcD12/'))).toBe(true);
    expect(isVideoEmbedUrl('https://www.youtube.com/watch?v=aqz-KE-bpKQ')).toBe(false);
    expect(isVideoEmbedUrl('https://evil.example/embed/aqz-KE-bpKQ')).toBe(false);
  });
});

describe('embed code', () => {
  it('keeps only the one allowed frame, written anew with the title', () => {
    const code = `<div><iframe width="1" onload='alert(1)' SRC='https://www.youtube.com/embed/aqz-KE-bpKQ?start=5&amp;rel=0' srcdoc="x"></iframe><p>tekst</p></div>`;
    const embed = sanitizeEmbedCode(code, 'Film <"gminy">');
    expect(embed).toEqual({
      src: NOCOOKIE,
      html: `<iframe src="${NOCOOKIE}" title="Film &lt;&quot;gminy&quot;&gt;" width="560" height="315" loading="lazy" referrerpolicy="strict-origin-when-cross-origin" allow="encrypted-media; picture-in-picture; fullscreen" allowfullscreen></iframe>`,
    });
    const facebook = sanitizeEmbedCode(`<iframe src="${facebookPlayer('https://www.facebook.com/gmina/videos/1234567890/').replace(/&/g, '&amp;')}" width="560"></iframe>`, 'Film');
    expect('src' in facebook && facebook.src).toBe(facebookPlayer('https://www.facebook.com/gmina/videos/1234567890/'));
  });

  it.each([
    ['<iframe src="https://www.youtube.com/embed/aqz-KE-bpKQ"></iframe><script>alert(1)</script>', 'script'],
    ['<iframe src="https://www.youtube.com/embed/aqz-KE-bpKQ"></iframe>< SCRIPT src="https://evil.example/x.js">', 'script'],
    ['<iframe src="javascript:alert(1)"></iframe>', 'script'],
    ['<iframe src="https://evil.example/embed/aqz-KE-bpKQ"></iframe>', 'no_frame'],
    ['<iframe srcdoc="<script></script>"></iframe>', 'script'],
    ['<iframe data-src="https://www.youtube.com/embed/aqz-KE-bpKQ"></iframe>', 'no_frame'],
    ['<a href="https://youtu.be/aqz-KE-bpKQ">film</a>', 'no_frame'],
    ['<iframe src="https://youtu.be/aqz-KE-bpKQ"></iframe><iframe src="https://youtu.be/aqz-KE-bpKQ"></iframe>', 'many_frames'],
  ])('refuses %s', (code, problem) => {
    expect(sanitizeEmbedCode(code, 'Film')).toEqual({ problem });
  });
});

describe('video file signatures', () => {
  const mp4 = (brand: string) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${brand}`), Buffer.alloc(52)]);
  const VIDEO = ['video/mp4', 'video/webm'];

  it('recognises MP4 and WebM by their first bytes, not other ISO or Matroska files', () => {
    expect(detectFileType(mp4('isom'), VIDEO)?.extension).toBe('mp4');
    expect(detectFileType(mp4('mp42'), VIDEO)?.extension).toBe('mp4');
    expect(detectFileType(mp4('avif'), VIDEO)).toBeUndefined();
    expect(detectFileType(mp4('heic'), VIDEO)).toBeUndefined();
    expect(detectFileType(DEMO_WEBM.subarray(0, 64), VIDEO)?.extension).toBe('webm');
    const matroska = Buffer.from(DEMO_WEBM.subarray(0, 64));
    matroska.write('matr', 0x18, 'latin1');
    expect(detectFileType(matroska, VIDEO)).toBeUndefined();
    expect(detectFileType(Buffer.from('<html>to nie film</html>'), VIDEO)).toBeUndefined();
    // Accepted types only: a video is no image.
    expect(detectFileType(mp4('isom'), ['image/png'])).toBeUndefined();
  });

  it('recognises WebVTT by its "WEBVTT" line, with or without a byte order mark', () => {
    const vtt = ['text/vtt'];
    expect(detectFileType(Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nA\n'), vtt)?.extension).toBe('vtt');
    expect(detectFileType(Buffer.from('\uFEFFWEBVTT - napisy\r\n'), vtt)?.extension).toBe('vtt');
    expect(detectFileType(Buffer.from('WEBVTT'), vtt)?.extension).toBe('vtt');
    expect(detectFileType(Buffer.from('WEBVTTX\n'), vtt)).toBeUndefined();
    expect(detectFileType(Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nSRT\n'), vtt)).toBeUndefined();
  });
});
