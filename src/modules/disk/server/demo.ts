import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../../server/platform/db';
import { demoServiceId, type ModuleDemoSeed } from '../../../server/platform/db/demo';
import { chargeFiles } from '../../../server/platform/files/quota';
import { plainPicture } from '../../../server/platform/files/images';
import { t } from '../../../server/platform/http/errors';
import { rootOf } from './store';

interface DemoFile {
  /** Catalogue key of the file's name. */
  name: string;
  contentType: string;
  bytes: () => Promise<Buffer>;
  public?: boolean;
}

interface DemoFolder {
  name: string;
  files: DemoFile[];
  folders?: DemoFolder[];
}

const picture = (background: string) => () => plainPicture(320, 200, background);
const text = (key: string) => async () => Buffer.from(`${t(key)}\n`, 'utf8');

/** A disk of a few folders and small files, one picture public; the same layout in each service. */
const DISK: DemoFolder = {
  name: 'root',
  files: [{ name: 'demo.disk.files.readme', contentType: 'text/plain', bytes: text('demo.disk.texts.readme') }],
  folders: [
    {
      name: 'demo.disk.folders.graphics',
      files: [
        { name: 'demo.disk.files.logo', contentType: 'image/png', bytes: picture('#1e5aa8'), public: true },
        { name: 'demo.disk.files.banner', contentType: 'image/png', bytes: picture('#3d8f5a') },
      ],
    },
    {
      name: 'demo.disk.folders.documents',
      files: [{ name: 'demo.disk.files.price_list', contentType: 'text/plain', bytes: text('demo.disk.texts.price_list') }],
      folders: [{ name: 'demo.disk.folders.archive', files: [] }],
    },
  ],
};

async function writeFolder(tx: Queryable, api: FastifyInstance, serviceId: number, parentId: number, folder: DemoFolder, written: string[]): Promise<void> {
  const { files } = api.ctx;
  for (const file of folder.files) {
    const bytes = await file.bytes();
    const key = `disk/s${serviceId}/${randomBytes(16).toString('hex')}`;
    const temporary = await files.putTemporary(Readable.from([bytes]), bytes.length + 1);
    await files.commit(temporary.key, key);
    written.push(key);
    await tx.query(
      `INSERT INTO disk_files (client_service_id, parent_directory, name, is_dir, size, content_type, storage_key, public, public_name)
       VALUES ($1, $2, $3, FALSE, $4, $5, $6, $7, $8)`,
      [serviceId, parentId, t(file.name), bytes.length, file.contentType, key, file.public === true, file.public ? randomBytes(16).toString('hex') : null],
    );
    await chargeFiles(tx, serviceId, [{ key, bytes: bytes.length }]);
  }
  for (const child of folder.folders ?? []) {
    const { rows } = await tx.query<{ id: number }>('INSERT INTO disk_files (client_service_id, parent_directory, name, is_dir) VALUES ($1, $2, $3, TRUE) RETURNING id', [
      serviceId,
      parentId,
      t(child.name),
    ]);
    await writeFolder(tx, api, serviceId, Number(rows[0].id), child, written);
  }
}

/** klient's website and newsletter each get a disk with folders, a text file and pictures, one of them public. */
export const diskDemo: ModuleDemoSeed = {
  name: 'disk',
  async seed(tx, api) {
    const written: string[] = [];
    try {
      for (const service of ['demo.services.klient_site', 'demo.services.klient_newsletter']) {
        const serviceId = await demoServiceId(tx, service);
        const root = await rootOf(tx, serviceId);
        await writeFolder(tx, api, serviceId, root.id, DISK, written);
      }
    } catch (error) {
      // The seed's transaction rolls back: its objects go too.
      await Promise.all(written.map((key) => api.ctx.files.delete(key)));
      throw error;
    }
  },
};
