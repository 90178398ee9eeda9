import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { FileReaderError } from './file-reader-error.js';
import type { FileReaderLimits } from './limits.js';

// An XLSX is a ZIP whose table of contents is at its end, so the upload is first written to a
// temporary file (disk, never memory) and then read part by part with yauzl.
export type ZipArchive = {
  entries: ReadonlyMap<string, Entry>;
  // The part's inflated bytes, refused past the size and ratio limits as they come out.
  read(entry: Entry): AsyncGenerator<Buffer>;
  close(): Promise<void>;
};

export async function openZipArchive(
  bytes: AsyncGenerator<Buffer>,
  limits: FileReaderLimits,
): Promise<ZipArchive> {
  const folder = await mkdtemp(join(tmpdir(), 'attest-import-'));
  const remove = () => rm(folder, { recursive: true, force: true });
  try {
    const path = join(folder, 'upload.xlsx');
    await pipeline(Readable.from(bytes), createWriteStream(path));
    const zip = await openZip(path);
    const closeAll = async () => {
      zip.close();
      await remove();
    };
    try {
      if (zip.entryCount > limits.maxZipEntries) {
        throw FileReaderError.of('workbookTooManyParts', { limit: limits.maxZipEntries });
      }
      const entries = await listEntries(zip);
      return { entries, read: (entry) => readEntry(zip, entry, limits), close: closeAll };
    } catch (error) {
      zip.close();
      throw error;
    }
  } catch (error) {
    await remove();
    throw error instanceof FileReaderError ? error : FileReaderError.of('workbookUnreadable');
  }
}

function openZip(path: string): Promise<ZipFile> {
  return new Promise((resolve, reject) => {
    // Sizes are checked by readEntry on the bytes really inflated, with the import's own messages.
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: false }, (error, zip) =>
      error || !zip ? reject(error) : resolve(zip),
    );
  });
}

function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

function openReadStream(zip: ZipFile, entry: Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(error) : resolve(stream)));
  });
}

// A ZIP bomb is a small part that inflates to gigabytes. The sizes in the ZIP's headers can lie, so
// they only refuse early; the bytes that really come out of the inflater are what is counted.
async function* readEntry(zip: ZipFile, entry: Entry, limits: FileReaderLimits): AsyncGenerator<Buffer> {
  const part = entry.fileName;
  const check = (inflated: number) => {
    if (inflated > limits.maxZipEntryBytes) {
      throw FileReaderError.of('workbookPartTooLarge', { part, limitBytes: limits.maxZipEntryBytes });
    }
    if (
      inflated > limits.ratioCheckFromBytes &&
      inflated / Math.max(1, entry.compressedSize) > limits.maxCompressionRatio
    ) {
      throw FileReaderError.of('workbookCompressionRatio', { part, limitRatio: limits.maxCompressionRatio });
    }
  };
  check(entry.uncompressedSize);
  let stream: Readable;
  try {
    stream = await openReadStream(zip, entry);
  } catch {
    throw FileReaderError.of('workbookUnreadable');
  }
  let inflated = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      inflated += chunk.length;
      check(inflated);
      yield chunk;
    }
  } catch (error) {
    throw error instanceof FileReaderError ? error : FileReaderError.of('workbookUnreadable');
  } finally {
    stream.destroy();
  }
}
