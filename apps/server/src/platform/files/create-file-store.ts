import type { Config } from '../../config.js';
import type { FileStore } from './file-store.js';
import { createLocalFileStore } from './local-file-store.js';

// One place chooses the store from the configuration (S3 joins here when it is configured).
export function createFileStore(config: Pick<Config, 'FILES_DIR'>): FileStore {
  return createLocalFileStore(config.FILES_DIR);
}
