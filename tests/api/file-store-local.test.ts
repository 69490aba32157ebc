import { describe } from 'vitest';
import { backdateLocal, fileStoreSuite, localObjectKeys } from './support/file-store-suite';

describe('file store in DATA_DIR (the default)', () => {
  fileStoreSuite(async () => ({ overrides: {}, objectKeys: localObjectKeys, backdate: backdateLocal, close: async () => {} }));
});
