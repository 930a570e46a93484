import type { Config } from '../../config.js';
import { createLocalStorage } from './local.js';
import { createS3Storage } from './s3.js';
import type { Storage } from './storage.js';

/** The storage the configuration names: local disk under DATA_DIR (default) or an S3 bucket. */
export function createStorage(config: Config): Storage {
  if (config.STORAGE === 's3') {
    return createS3Storage({
      bucket: config.S3_BUCKET!,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return createLocalStorage({ publicDir: config.uploadsDir, privateDir: config.privateDir });
}
