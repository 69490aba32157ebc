import type { FastifyInstance } from 'fastify';
import { httpError, assertValidForm } from '../../../server/platform/http/errors';
import type { Queryable } from '../../../server/platform/db';
import { documentOperation, moduleRoutes, type ModuleRoutes } from '../../../server/schema';
import { addDiskUsageCheck, publicDiskImages } from '../../disk/server/images';
import type { Owner, StoredRecord } from '../../../server/schema/storage';
import { renderTemplate, type RenderedBlock, type RenderedLayout } from './template-render';

/** The longest html a template may hold (its schema's maxLength). */
const MAX_HTML = 1_000_000;

interface Modules {
  templates: ModuleRoutes;
  blocks: ModuleRoutes;
  layouts: ModuleRoutes;
  pictures: ModuleRoutes;
}

const idOf = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 ? value : null);

/** Renders a template's html again from its blocks and layout, inside the writing transaction. */
export type TemplateRender = (tx: Queryable, serviceId: number, templateId: number, always: boolean) => Promise<StoredRecord | void>;

/** The modules of templates made of blocks; undefined when SCHEMAS_DIR lacks any of them. */
function modulesOf(app: FastifyInstance): Modules | undefined {
  const found = {
    templates: moduleRoutes(app, 'templates'),
    blocks: moduleRoutes(app, 'template_blocks'),
    layouts: moduleRoutes(app, 'layouts'),
    pictures: moduleRoutes(app, 'layout_pictures'),
  };
  return found.templates && found.blocks && found.layouts && found.pictures ? (found as Modules) : undefined;
}

/**
 * The renderer of newsletter templates made of blocks (schemas/newsletter/template-block.schema.json)
 * inside a layout (layout.schema.json, with pictures in layout-picture.schema.json).
 */
export function templateRenderer(app: FastifyInstance): TemplateRender | undefined {
  const modules = modulesOf(app);
  if (!modules) return undefined;
  const { templates, blocks, layouts, pictures } = modules;
  const absolute = (uri: unknown) => (typeof uri !== 'string' ? null : uri.startsWith('/') ? `${app.ctx.config.publicUrl.replace(/\/+$/, '')}${uri}` : uri);

  /** A stored file's address as the e-mail needs it: absolute, on the panel's public address. */
  async function pictureUrl(tx: Queryable, owner: Owner, pictureId: number | null): Promise<string | null> {
    if (pictureId === null) return null;
    const picture = await pictures.store.get(tx, owner, pictureId, 0);
    return picture ? absolute(pictures.output(picture, owner).picture_uri) : null;
  }

  /** A public picture of the service's disk, by its address on the web; null once it is no longer public. */
  async function diskImageUrl(tx: Queryable, serviceId: number, fileId: number | null): Promise<string | null> {
    if (fileId === null) return null;
    const [found] = await publicDiskImages(tx, app.ctx.config.publicUrl, serviceId, fileId);
    return found?.url ?? null;
  }

  /**
   * Renders a template again and stores its html. `always`: also when it has no blocks (its last
   * one was removed: the html goes, the preview says 'Brak bloków.'); otherwise a template without
   * blocks keeps the html it was given (a copy, a template made from a mailing).
   */
  async function render(tx: Queryable, serviceId: number, templateId: number, always: boolean): Promise<StoredRecord | void> {
    const owner: Owner = { serviceId, userId: null };
    const template = await templates.store.get(tx, owner, templateId, 0);
    if (!template) return;
    // Read in the writing transaction, past the lists' cache: the blocks as this change leaves them.
    const { rows } = await tx.query<{ id: number; data: Record<string, unknown> }>(
      `SELECT id, data FROM module_records WHERE resource = 'template_blocks' AND client_service_id = $1 AND parent_id = $2 ORDER BY position, id`,
      [serviceId, templateId],
    );
    const values = { ...template.values };
    const layoutId = idOf(values.layout_id);
    const layout = layoutId === null ? null : await layouts.store.get(tx, owner, layoutId, 0);
    // A removed layout: the template goes back to the default look.
    const layoutGone = layoutId !== null && !layout;
    if (layoutGone) values.layout_id = null;
    if (rows.length === 0 && !always && !layoutGone) return;
    if (rows.length === 0) {
      if (always) delete values.html;
    } else {
      const blockOwner: Owner = { ...owner, parentId: templateId };
      const rendered: RenderedBlock[] = [];
      for (const row of rows) {
        const data = row.data as unknown as RenderedBlock & { picture_id?: unknown; disk_file_id?: unknown; image?: unknown };
        const image = typeof data.image === 'string' ? data.image : null;
        const imageUrl =
          data.type !== 'image'
            ? null
            : ((await pictureUrl(tx, owner, idOf(data.picture_id))) ??
              (await diskImageUrl(tx, serviceId, idOf(data.disk_file_id))) ??
              (image ? absolute(blocks.output({ id: row.id, values: {}, files: { image }, created_at: null, updated_at: null }, blockOwner).image_uri) : null));
        rendered.push({ ...data, imageUrl });
      }
      const look: RenderedLayout | null = layout
        ? {
            ...(layout.values as unknown as RenderedLayout),
            headerPictureUrl: await pictureUrl(tx, owner, idOf(layout.values.header_picture_id)),
          }
        : null;
      const html = await renderTemplate(rendered, look, String(values.name ?? ''));
      if (html.length > MAX_HTML) throw httpError(400, 'errors.templates.too_large');
      values.html = html;
    }
    return (await templates.store.update(tx, owner, templateId, values, {})) ?? undefined;
  }

  return render;
}

/**
 * A template's html is rendered with MJML from its blocks and layout in the transaction of every
 * change to them (a block, the blocks' order, the template, its layout, a picture), so the stored
 * html never lags behind what the user arranged.
 */
export async function templateBlockRoutes(app: FastifyInstance): Promise<void> {
  const modules = modulesOf(app);
  const render = templateRenderer(app);
  if (!modules || !render) return;
  const { templates, blocks, layouts, pictures } = modules;

  // A block's change (its own, a new order, its removal) renders its template again. An image
  // block shows a layout picture, a public picture of the service's disk or an uploaded one.
  blocks.addHooks({
    afterWrite: async (tx, owner, change) => {
      const record = change?.record;
      if (record && !change.removed && record.values.type === 'image') {
        const diskFileId = idOf(record.values.disk_file_id);
        if (diskFileId !== null && (await publicDiskImages(tx, app.ctx.config.publicUrl, owner.serviceId!, diskFileId)).length === 0) {
          assertValidForm({ disk_file_id: 'errors.reference_not_found' });
        }
        if (idOf(record.values.picture_id) === null && diskFileId === null && !record.files.image) {
          assertValidForm({ picture_id: 'validation.template_blocks.image_required' });
        }
      }
      await render(tx, owner.serviceId!, owner.parentId!, true);
    },
  });

  // A disk picture an image block shows stays public and on the disk until the block shows another.
  addDiskUsageCheck(app.ctx, async (tx, serviceId, fileIds) => {
    const { rows } = await tx.query(
      `SELECT 1 FROM module_records WHERE resource = 'template_blocks' AND client_service_id = $1 AND data->>'type' = 'image'
          AND data->>'disk_file_id' = ANY($2::text[]) LIMIT 1`,
      [serviceId, fileIds.map(String)],
    );
    return rows.length > 0 ? 'errors.templates.disk_picture_in_use' : null;
  });

  // x-options of disk_file_id: the pictures of the service's disk a block may show (public ones: readers load them from the web).
  documentOperation(app, 'get', '/client_service/{service_id}/module/templates/{template_id}/blocks/disk_images', {
    tags: ['templates'],
    summary: "The service disk's public pictures an image block may show {data: [{id, name, url}]}",
    responses: { 200: { description: '{data}' } },
  });
  app.get('/client_service/:service_id/module/templates/:template_id/blocks/disk_images', { preHandler: app.authenticate }, async (request) => {
    const owner = await blocks.owner(request);
    return { data: await publicDiskImages(app.ctx.db, app.ctx.config.publicUrl, owner.serviceId!) };
  });

  // A template saved with blocks is rendered from them (a new layout, a new name as the title).
  templates.addHooks({
    afterWrite: async (tx, owner, change) => {
      if (change && !change.removed) return render(tx, owner.serviceId!, change.record.id, false);
    },
  });

  // A layout's change renders the templates using it; its removal, the templates left without it.
  layouts.addHooks({
    afterWrite: async (tx, owner, change) => {
      if (!change) return;
      const { rows } = await tx.query<{ id: number }>(
        `SELECT id FROM module_records WHERE resource = 'templates' AND client_service_id = $1 AND data->>'layout_id' = $2::text`,
        [owner.serviceId, change.record.id],
      );
      for (const { id } of rows) await render(tx, owner.serviceId!, id, false);
    },
  });

  // A picture in use is not removed from under a template; a replaced one is shown in them at once.
  pictures.addHooks({
    afterWrite: async (tx, owner, change) => {
      if (!change) return;
      const { rows } = await tx.query<{ id: number }>(
        `SELECT DISTINCT t.id FROM module_records t
          WHERE t.resource = 'templates' AND t.client_service_id = $1
            AND (EXISTS (SELECT 1 FROM module_records b WHERE b.resource = 'template_blocks' AND b.parent_id = t.id AND b.data->>'picture_id' = $2::text)
              OR EXISTS (SELECT 1 FROM module_records l WHERE l.resource = 'layouts' AND l.client_service_id = $1
                           AND l.id::text = t.data->>'layout_id' AND l.data->>'header_picture_id' = $2::text))`,
        [owner.serviceId, change.record.id],
      );
      const { rows: layoutsUsing } = await tx.query(
        `SELECT 1 FROM module_records WHERE resource = 'layouts' AND client_service_id = $1 AND data->>'header_picture_id' = $2::text LIMIT 1`,
        [owner.serviceId, change.record.id],
      );
      if (change.removed && (rows.length > 0 || layoutsUsing.length > 0)) throw httpError(409, 'errors.layout_pictures.in_use');
      for (const { id } of rows) await render(tx, owner.serviceId!, id, false);
    },
  });
}
