import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JsonSchema } from '../../../../common/schema';
import { sanitizeEmbedCode, videoEmbedUrl } from '../../../../common/video';
import type { Queryable } from '../../../../server/platform/db';
import { assertValidForm, formError, t } from '../../../../server/platform/http/errors';
import { documentOperation, moduleRoutes } from '../../../../server/schema';
import { flagsHold } from '../../../../server/schema/flags';
import type { Owner, RecordStore, StoredRecord } from '../../../../server/schema/storage';

type Source = 'upload' | 'link' | 'embed';

/** The template feature each source needs (SPEC 3 video: upload_video, facebook_video (links to YouTube or Facebook), js_video). */
const SOURCE_FLAGS: Record<Source, string> = { upload: 'template:video_upload', link: 'template:video_facebook', embed: 'template:video_embed' };
/** The fields each source keeps; the others' values are dropped when a video changes its source. */
const SOURCE_FIELDS: Record<Source, string[]> = { upload: [], link: ['url', 'embed_url'], embed: ['embed_code', 'embed_url'] };
const EMBED_PROBLEMS = { script: 'validation.videos.embed_code_script', no_frame: 'validation.videos.embed_code_frame', many_frames: 'validation.videos.embed_code_frames' };
/** The files only an uploaded video has. */
const UPLOAD_FILES = ['video', 'poster'];

async function sourceAllowed(db: Queryable, owner: Owner, source: Source): Promise<boolean> {
  return flagsHold(db, [SOURCE_FLAGS[source]], { serviceId: owner.serviceId });
}

/** A video's values as stored: its source one the template allows, a link as its embed address, embed code as its one allowed frame. */
async function videoValues(db: Queryable, owner: Owner, values: Record<string, unknown>): Promise<Record<string, unknown>> {
  const source = values.source as Source;
  if (!(await sourceAllowed(db, owner, source))) throw formError({ source: 'validation.videos.source_not_allowed' });
  const kept = Object.fromEntries(Object.entries(values).filter(([field]) => !Object.values(SOURCE_FIELDS).flat().includes(field) || SOURCE_FIELDS[source].includes(field)));
  if (source === 'link') {
    const embedUrl = videoEmbedUrl(String(values.url));
    if (!embedUrl) throw formError({ url: 'validation.videos.url_host' });
    return { ...kept, url: embedUrl, embed_url: embedUrl };
  }
  if (source === 'embed') {
    const embed = sanitizeEmbedCode(String(values.embed_code), String(values.title));
    if ('problem' in embed) throw formError({ embed_code: EMBED_PROBLEMS[embed.problem] });
    return { ...kept, embed_code: embed.html, embed_url: embed.src };
  }
  return kept;
}

/**
 * A store whose writes check the record's files as a whole (those it keeps and those the write
 * brings), which no hook before the write sees. A write that only removes a file is left alone:
 * the form replaces a file by removing the old one first.
 */
function checkingFiles(store: RecordStore, problems: (values: Record<string, unknown>, files: Record<string, boolean>) => Record<string, string>): RecordStore {
  const check = (values: Record<string, unknown>, before: StoredRecord['files'], files: Record<string, string | null>) => {
    if (Object.values(files).some((name) => name === null)) return;
    const present = Object.fromEntries(Object.entries({ ...before, ...files }).map(([field, name]) => [field, Boolean(name)]));
    assertValidForm(problems(values, present));
  };
  return {
    ...store,
    async insert(db, owner, values, files) {
      check(values, {}, files);
      return store.insert(db, owner, values, files);
    },
    async update(db, owner, id, values, files) {
      const existing = await store.get(db, owner, id, 0);
      if (existing) check(values, existing.files, files);
      return store.update(db, owner, id, values, files);
    },
  };
}

/** An uploaded video has its file; the other sources have no video file nor poster. */
function videoFileProblems(values: Record<string, unknown>, files: Record<string, boolean>): Record<string, string> {
  if (values.source === 'upload') return files.video ? {} : { video: 'validation.videos.video_required' };
  return Object.fromEntries(UPLOAD_FILES.filter((field) => files[field]).map((field) => [field, 'validation.videos.files_upload_only']));
}

/** Captions are a WebVTT file and nothing else; a transcript is text or a file; another attachment is a file. */
function attachmentFileProblems(values: Record<string, unknown>, files: Record<string, boolean>): Record<string, string> {
  if (values.kind === 'captions') return { ...(files.captions ? {} : { captions: 'validation.video_attachments.captions_required' }), ...(files.document ? { document: 'validation.video_attachments.captions_only' } : {}) };
  if (files.captions) return { captions: 'validation.video_attachments.captions_wrong_kind' };
  if (values.kind === 'transcript') return files.document || (typeof values.transcript === 'string' && values.transcript.trim() !== '') ? {} : { transcript: 'validation.video_attachments.transcript_required' };
  return files.document ? {} : { document: 'validation.video_attachments.file_required' };
}

/**
 * The site's videos (moduly/filmy, schemas/site/modules/video*.schema.json) beyond the engine:
 * the sources the template allows (GET .../videos/sources for the form, every other refused on
 * saving), links and embed code kept as allow-listed embed addresses, and the files each source
 * and each kind of attachment must have.
 */
export const videosServer = fp(
  async (app: FastifyInstance) => {
    const videos = moduleRoutes(app, 'videos');
    const attachments = moduleRoutes(app, 'video_attachments');
    if (!videos || !attachments) return;
    videos.addHooks({ beforeWrite: (tx, owner, values) => videoValues(tx, owner, values) });
    videos.useStore(checkingFiles(videos.store, videoFileProblems));
    attachments.useStore(checkingFiles(attachments.store, attachmentFileProblems));

    const sources = (videos.module.schema.properties?.source as JsonSchema).oneOf as { const: Source; title: string }[];
    documentOperation(app, 'get', '/client_service/{service_id}/module/videos/sources', {
      tags: ['videos'],
      summary: "The video sources the service's template allows {data: [{id, name}]}",
      responses: { 200: { description: 'OK' } },
    });
    app.get('/client_service/:service_id/module/videos/sources', { preHandler: app.authenticate }, async (request) => {
      const owner = await videos.owner(request);
      const allowed = [];
      for (const source of sources) if (await sourceAllowed(app.ctx.db, owner, source.const)) allowed.push({ id: source.const, name: t(source.title) });
      return { data: allowed };
    });
  },
  { name: 'site-videos', dependencies: ['schema-modules'] },
);
