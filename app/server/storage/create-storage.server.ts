/**
 * Picks the storage driver from configuration (STORAGE_DRIVER): the local folder `DATA_DIR/files` (default) or the
 * S3-compatible service (S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_BUCKET_PREFIX).
 */
import path from 'node:path';
import type { AppConfig } from '../config.server';
import { createLocalStorage, type Storage } from './storage.server';

/** The S3 driver, and with it the AWS SDK (~10 MB resident), is loaded only when configured (issue 13). */
export async function createConfiguredStorage(config: AppConfig): Promise<Storage> {
  if (config.storage.driver === 's3') return (await import('./s3-storage.server')).createS3Storage(config.storage.s3);
  return createLocalStorage(path.join(config.dataDir, 'files'));
}
