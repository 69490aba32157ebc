import { Readable } from 'node:stream';
import type Sharp from 'sharp';
import type { AdminThumbnail } from '../../../common/schema';
import { httpError } from '../http/errors';
import type { FileStore, TemporaryObject } from './store';

/** Larger images are refused before decoding (decompression bombs): 50 megapixels. */
const MAX_IMAGE_PIXELS = 50_000_000;
/** Derivatives are WebP, whatever the original's type. */
export const DERIVATIVE_EXTENSION = 'webp';

let loadingSharp: Promise<{ default: typeof Sharp }> | undefined;
/** sharp: libvips and its threads (some 27 MB of the server's memory) load with the first image the server reads or draws, not with the server. */
export async function loadSharp(): Promise<typeof Sharp> {
  return (await (loadingSharp ??= import('sharp'))).default;
}

/** An image's width and height in pixels, from its header; none when it is not an image sharp reads. */
export async function imageSize(picture: Readable): Promise<{ width?: number; height?: number }> {
  const sharp = await loadSharp();
  return picture.pipe(sharp()).metadata().catch(() => ({}));
}

/** A picture of one colour, as a PNG (the demo's logos, banners and photos: drawn here, never downloaded). */
export async function plainPicture(width: number, height: number, background: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}

async function bytesOf(store: FileStore, key: string): Promise<Buffer> {
  const object = await store.open(key);
  if (!object) throw new Error(`temporary object ${key} is gone`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Writes an image's thumbnails as temporary objects, to be committed with it. Orientation is
 * applied and metadata (EXIF, GPS) left out; an image over MAX_IMAGE_PIXELS answers 413.
 */
export async function makeThumbnails(store: FileStore, original: TemporaryObject, thumbnails: AdminThumbnail[]): Promise<Map<string, TemporaryObject>> {
  const made = new Map<string, TemporaryObject>();
  if (!thumbnails.length) return made;
  const input = await bytesOf(store, original.key);
  const sharp = await loadSharp();
  try {
    for (const thumbnail of thumbnails) {
      const data = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS })
        .rotate()
        .resize(thumbnail.width, thumbnail.height, { fit: 'cover' })
        .toFormat(DERIVATIVE_EXTENSION)
        .toBuffer()
        .catch((error: Error) => {
          throw /pixel limit/i.test(error.message) ? httpError(413, 'errors.image_too_many_pixels') : httpError(415, 'errors.image_not_supported');
        });
      made.set(thumbnail.name, await store.putTemporary(Readable.from([data]), data.length));
    }
  } catch (error) {
    await Promise.all([...made.values()].map((object) => store.delete(object.key)));
    throw error;
  }
  return made;
}
