import { sanitizeEmbedCode, videoEmbedUrl } from '../../../../common/video';
import { demoServiceId, insertDemoRecord, type ModuleDemoSeed } from '../../../../server/platform/db/demo';
import { plainPicture } from '../../../../server/platform/files/images';
import { t } from '../../../../server/platform/http/errors';
import { storeFile } from '../demo-news';
import { DEMO_WEBM } from './demo-media';

/** The demo video's captions in WebVTT: two cues over its two seconds. */
const captions = (first: string, second: string) => Buffer.from(`WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n${first}\n\n00:00:01.000 --> 00:00:02.000\n${second}\n`);

/**
 * klient's site (template 'aurora', every video source allowed) gets a video of each source that
 * fills every page: a YouTube link, embed code, and an uploaded WebM with a poster, captions in
 * two languages, a transcript and a file.
 */
export const videosDemo: ModuleDemoSeed = {
  name: 'site-videos',
  async seed(tx, api) {
    if (!api.schemaModules.has('videos') || !api.schemaModules.has('video_attachments')) return;
    const serviceId = await demoServiceId(tx, 'demo.services.klient_site');
    const text = (key: string) => t(`demo.site_videos.${key}`);
    const insert = (resource: string, parentId: number | null, values: Record<string, unknown>, files: Record<string, string> = {}) =>
      insertDemoRecord(tx, api, resource, { serviceId, parentId }, values, files);
    const options = { published: true, on_home_page: false, autoplay: false, muted: false, loop: false, captions_shown: false };

    const link = videoEmbedUrl('https://www.youtube.com/watch?v=aqz-KE-bpKQ')!;
    await insert('videos', null, { ...options, title: text('link.title'), description: text('link.description'), source: 'link', url: link, embed_url: link, on_home_page: true });

    const embedTitle = text('embed.title');
    const embed = sanitizeEmbedCode('<iframe width="560" height="315" src="https://www.youtube.com/embed/ScMzIvxBSi4" frameborder="0" allowfullscreen></iframe>', embedTitle);
    if ('problem' in embed) throw new Error(`the demo embed code is refused: ${embed.problem}`);
    await insert('videos', null, { ...options, title: embedTitle, description: text('embed.description'), source: 'embed', embed_code: embed.html, embed_url: embed.src });

    const poster = await plainPicture(640, 360, '#1e5aa8');
    const uploaded = await insert(
      'videos',
      null,
      { ...options, title: text('upload.title'), description: text('upload.description'), source: 'upload', captions_shown: true },
      { video: await storeFile(tx, api, serviceId, 'videos', 'video', DEMO_WEBM, 'webm'), poster: await storeFile(tx, api, serviceId, 'videos', 'poster', poster, 'png') },
    );
    for (const language of ['pl', 'en']) {
      const file = await storeFile(tx, api, serviceId, 'video_attachments', 'captions', captions(text(`upload.captions.${language}.first`), text(`upload.captions.${language}.second`)), 'vtt');
      await insert('video_attachments', uploaded.id, { kind: 'captions', label: text(`upload.captions.${language}.label`), language }, { captions: file });
    }
    await insert('video_attachments', uploaded.id, { kind: 'transcript', label: text('upload.transcript.label'), transcript: `<p>${text('upload.transcript.text')}</p>` });
  },
};
