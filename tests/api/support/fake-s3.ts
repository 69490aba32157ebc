import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3Settings } from '../../../src/server/platform/files/s3';

/** A tiny S3-compatible server (path style: /<bucket>/<key>; put, copy, get, head, delete, list) keeping objects in memory; signatures are not checked. */
export interface FakeS3 {
  settings: S3Settings;
  /** The bucket's objects by key. */
  objects: Map<string, Buffer>;
  /** When each object was written (tests may move it back). */
  lastModified: Map<string, Date>;
  close(): Promise<void>;
}

const BUCKET = 'panel-files';

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const noSuchKey = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>';

export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const lastModified = new Map<string, Date>();
  const store = (key: string, data: Buffer) => {
    objects.set(key, data);
    lastModified.set(key, new Date());
  };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    if (bucket === BUCKET && !key && request.method === 'GET' && url.searchParams.get('list-type') === '2') {
      response.writeHead(200, { 'Content-Type': 'application/xml' }).end(listing(url.searchParams.get('prefix') ?? ''));
      return;
    }
    if (bucket !== BUCKET || !key) {
      response.writeHead(400).end();
      return;
    }
    const body = await bodyOf(request);
    const copySource = request.headers['x-amz-copy-source'];
    if (request.method === 'PUT' && typeof copySource === 'string') {
      const source = objects.get(decodeURIComponent(copySource).replace(/^\/?[^/]+\//, ''));
      if (!source) {
        response.writeHead(404, { 'Content-Type': 'application/xml' }).end(noSuchKey);
        return;
      }
      store(key, source);
      response.writeHead(200, { 'Content-Type': 'application/xml' }).end('<CopyObjectResult><ETag>"x"</ETag></CopyObjectResult>');
    } else if (request.method === 'PUT') {
      store(key, body);
      response.writeHead(200, { ETag: '"x"' }).end();
    } else if (request.method === 'GET' || request.method === 'HEAD') {
      const object = objects.get(key);
      if (!object) {
        response.writeHead(404, { 'Content-Type': 'application/xml' }).end(request.method === 'GET' ? noSuchKey : undefined);
        return;
      }
      response.writeHead(200, { 'Content-Length': object.length, 'Content-Type': 'application/octet-stream' });
      response.end(request.method === 'GET' ? object : undefined);
    } else if (request.method === 'DELETE') {
      objects.delete(key);
      lastModified.delete(key);
      response.writeHead(204).end();
    } else {
      response.writeHead(405).end();
    }
  });
  // ListObjectsV2, all in one page.
  const listing = (prefix: string) => {
    const contents = [...objects]
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, data]) => `<Contents><Key>${key}</Key><LastModified>${lastModified.get(key)!.toISOString()}</LastModified><Size>${data.length}</Size></Contents>`);
    return `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${BUCKET}</Name><Prefix>${prefix}</Prefix><KeyCount>${contents.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>${contents.join('')}</ListBucketResult>`;
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    objects,
    lastModified,
    settings: {
      bucket: BUCKET,
      endpoint: `http://127.0.0.1:${port}`,
      region: 'us-east-1',
      accessKeyId: 'test',
      secretAccessKey: 'test-secret',
      forcePathStyle: true,
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
