import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { StoreBackend } from './store';

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

async function collect(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Objects in an S3-compatible bucket, for servers that share no disk. The SDK (some 20 MB of the
 * server's memory) loads with the first call, so a server that keeps its files on disk never loads it.
 */
export function s3Backend(settings: S3Settings): StoreBackend {
  let connecting: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const connection = () =>
    (connecting ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        // Checksums only where S3 demands them: many S3-compatible servers refuse the newer trailers.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      }),
    })));
  const Bucket = settings.bucket;
  return {
    async write(key, source) {
      // PutObject needs the length up front: the upload (capped by its field's limit) is collected first.
      const body = await collect(source);
      const { sdk, client } = await connection();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: body, ContentLength: body.length }));
    },
    async move(from, to) {
      const { sdk, client } = await connection();
      await client.send(new sdk.CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from}` }));
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: from }));
    },
    async remove(key) {
      const { sdk, client } = await connection();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async read(key) {
      const { sdk, client } = await connection();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        return { stream: object.Body as Readable, length: Number(object.ContentLength ?? 0) };
      } catch (error) {
        if (error instanceof sdk.NoSuchKey || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async listOlderThan(prefix, before) {
      const { sdk, client } = await connection();
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new sdk.ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key && object.LastModified && object.LastModified < before) keys.push(object.Key);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
  };
}
