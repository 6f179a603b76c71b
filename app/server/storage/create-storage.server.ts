/**
 * Picks the storage driver from configuration (STORAGE_DRIVER): the local folder `DATA_DIR/files` (default) or the
 * S3-compatible service (S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_BUCKET_PREFIX).
 */
import path from 'node:path';
import type { AppConfig } from '../config.server';
import { createS3Storage } from './s3-storage.server';
import { createLocalStorage, type Storage } from './storage.server';

export function createConfiguredStorage(config: AppConfig): Storage {
  if (config.storage.driver === 's3') return createS3Storage(config.storage.s3);
  return createLocalStorage(path.join(config.dataDir, 'files'));
}
