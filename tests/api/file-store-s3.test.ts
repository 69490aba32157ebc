import { describe } from 'vitest';
import { startFakeS3 } from './support/fake-s3';
import { fileStoreSuite } from './support/file-store-suite';

describe('file store in an S3-compatible bucket (FILES_S3_*)', () => {
  fileStoreSuite(async () => {
    const s3 = await startFakeS3();
    return {
      overrides: { filesS3: s3.settings },
      objectKeys: async () => [...s3.objects.keys()].sort(),
      backdate: async (_test, key, seconds) => {
        s3.lastModified.set(key, new Date(Date.now() - seconds * 1000));
      },
      close: () => s3.close(),
    };
  });
});
