import type { Readable } from 'node:stream';

// Where uploaded bytes live (ARCHITECTURE.md: local disk by default, S3-compatible later). Keys are
// made by the store, never from a user's file name, so no name can reach another file.
export type StoredFile = {
  storageKey: string;
  size: number;
  sha256: string;
  // The first bytes (up to FILE_HEAD_BYTES), so callers can check the content against its claimed type.
  head: Buffer;
};
export const FILE_HEAD_BYTES = 16;

export type PutOptions = {
  // A folder per owner (the tenant id), so one owner's files can be listed or removed together.
  namespace: string;
  // Stops reading and throws FileTooLargeError as soon as more bytes than this arrive.
  maxBytes: number;
  // A UUID the caller derives from what the file is for (a job's output): a repeated attempt then
  // replaces the file rather than leaving a second. Unset: a new random one.
  id?: string;
};

export type FileStore = {
  put(source: Readable, options: PutOptions): Promise<StoredFile>;
  // Throws FileNotFoundError when the key names nothing.
  open(storageKey: string): Promise<Readable>;
  exists(storageKey: string): Promise<boolean>;
  // Removing a missing file is not an error.
  delete(storageKey: string): Promise<void>;
};

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'FileTooLargeError';
  }
}

export class FileNotFoundError extends Error {
  constructor() {
    super('No file is stored under this key.');
    this.name = 'FileNotFoundError';
  }
}
