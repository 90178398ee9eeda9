import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  FILE_HEAD_BYTES,
  FileNotFoundError,
  type FileStore,
  FileTooLargeError,
  type PutOptions,
  type StoredFile,
} from './file-store.js';

// Keys are '<namespace>/<2 hex>/<uuid>': the shard keeps directories small; anything else is refused
// before it reaches the file system, so a key can never point outside the root.
const KEY_PATTERN =
  /^[a-z0-9_-]{1,64}\/[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NAMESPACE_PATTERN = /^[a-z0-9_-]{1,64}$/;
const TEMP_DIR = '.incoming';

export function createLocalFileStore(root: string): FileStore {
  const rootDir = path.resolve(root);
  const pathOf = (storageKey: string) => {
    if (!KEY_PATTERN.test(storageKey)) throw new FileNotFoundError();
    return path.join(rootDir, storageKey);
  };

  return {
    async put(source: Readable, options: PutOptions): Promise<StoredFile> {
      if (!NAMESPACE_PATTERN.test(options.namespace)) throw new Error('Invalid file store namespace.');
      const id = options.id ?? randomUUID();
      const storageKey = `${options.namespace}/${id.slice(0, 2)}/${id}`;
      if (!KEY_PATTERN.test(storageKey)) throw new Error('Invalid file store id.');
      // Written beside the final place and renamed into it: a reader never sees half a file, and a
      // file put again under the same id is replaced whole. The temporary name is each put's own.
      const temp = path.join(rootDir, TEMP_DIR, `${randomUUID()}.part`);
      await mkdir(path.dirname(temp), { recursive: true });
      const hash = createHash('sha256');
      let size = 0;
      let head = Buffer.alloc(0);
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > options.maxBytes) return callback(new FileTooLargeError(options.maxBytes));
          if (head.length < FILE_HEAD_BYTES) {
            head = Buffer.concat([head, chunk.subarray(0, FILE_HEAD_BYTES - head.length)]);
          }
          hash.update(chunk);
          callback(null, chunk);
        },
      });
      // The source is piped, not handed to pipeline(): on a refusal it is only unpiped, so the
      // caller can still answer on the connection it belongs to.
      const onSourceError = (error: Error) => meter.destroy(error);
      const onSourceClose = () => {
        if (!source.readableEnded) meter.destroy(new Error('The upload was interrupted.'));
      };
      source.once('error', onSourceError);
      source.once('close', onSourceClose);
      source.pipe(meter);
      try {
        await pipeline(meter, createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        source.unpipe(meter);
        await rm(temp, { force: true });
        throw error;
      } finally {
        source.off('error', onSourceError);
        source.off('close', onSourceClose);
      }
      const target = pathOf(storageKey);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(temp, target);
      return { storageKey, size, sha256: hash.digest('hex'), head };
    },

    async open(storageKey: string): Promise<Readable> {
      const file = pathOf(storageKey);
      const stream = createReadStream(file);
      // Opening is asynchronous: wait for it, so a missing file is an error here, not mid-response.
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', (error: NodeJS.ErrnoException) =>
          reject(error.code === 'ENOENT' ? new FileNotFoundError() : error),
        );
      });
      return stream;
    },

    async exists(storageKey: string): Promise<boolean> {
      if (!KEY_PATTERN.test(storageKey)) return false;
      return access(pathOf(storageKey)).then(
        () => true,
        () => false,
      );
    },

    async delete(storageKey: string): Promise<void> {
      if (!KEY_PATTERN.test(storageKey)) return;
      await rm(pathOf(storageKey), { force: true });
    },
  };
}
