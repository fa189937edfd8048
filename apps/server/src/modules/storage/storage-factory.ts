import { join } from 'node:path';
import type { Config } from '../../config.ts';
import type { StorageProvider } from './storage-provider.ts';
import { createLocalStorage, type LocalStorage } from './local-storage.ts';
import { createS3Storage } from './s3-storage.ts';

export interface Storage {
  provider: StorageProvider;
  /** The built-in provider when it is the one in use (it serves its own upload and read URLs). */
  local: LocalStorage | undefined;
  cacheRoot: string;
}

/** S3 when every S3_* setting is present, else local disk under DATA_DIR. */
export async function createStorage(config: Config): Promise<Storage> {
  const cacheRoot = join(config.DATA_DIR, 'uploads-cache');
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = config;
  if (S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
    const provider = await createS3Storage({
      endpoint: S3_ENDPOINT,
      region: config.S3_REGION ?? 'us-east-1',
      bucket: S3_BUCKET,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
    });
    return { provider, local: undefined, cacheRoot };
  }
  const local = createLocalStorage({ root: join(config.DATA_DIR, 'uploads'), secret: config.SESSION_SECRET });
  return { provider: local, local, cacheRoot };
}
