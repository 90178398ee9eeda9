import type { Readable } from 'node:stream';
import {
  BATCH_UPDATE_ERROR_CODES as CODES,
  type IdsFile,
  MAX_BATCH_UPDATE_ITEMS,
  MAX_IDS_FILE_BYTES,
  BATCH_UPDATE_MESSAGES as MESSAGES,
} from '@attest/shared';
import { AppError } from '../../platform/errors.js';
import { FileNotFoundError, type FileStore, FileTooLargeError } from '../../platform/files/file-store.js';
import type { UserContext } from '../../platform/request-context.js';
import { FileReaderError, openTabularFile } from '../batch-imports/index.js';

// A selection by a file of ids (issue 18, plan §5): a CSV or text file, one id a line, a header line
// optional. It is read by the batch imports' file reader, so its limits and its refusals of hostile
// files (not UTF-8, a formula, a zip bomb, too many rows) apply; stored as uploaded, and read again
// when an update is made from it.

const refusal = (code: string, message: string) => new AppError(400, code, message, { file: [message] });
// A key of this store's namespace for the tenant: an ids file names no other file (an import, an
// attachment) and no other tenant's.
const namespaceOf = (tenantId: string) => `t${tenantId}-ids`;
const ID = /^\d{1,15}$/;

// The distinct ids of the file, in its order.
export async function readIds(source: Readable, fileName: string): Promise<string[]> {
  const file = await openTabularFile(source, {
    fileName,
    // One more than the bound, so a file over it is refused in this module's words.
    limits: { maxFileBytes: MAX_IDS_FILE_BYTES, maxRows: MAX_BATCH_UPDATE_ITEMS + 1, maxColumns: 50 },
  });
  const ids = new Set<string>();
  const take = (cells: readonly string[], line: number, first: boolean) => {
    const filled = cells.map((cell) => cell.trim()).filter((cell) => cell !== '');
    const [value] = filled;
    if (filled.length === 1 && value !== undefined && ID.test(value)) {
      ids.add(String(Number(value)));
      return;
    }
    // The first line may be a header (any one label: "id", "Workflow ID").
    if (first && filled.length === 1) return;
    throw refusal(CODES.idsFileInvalid, MESSAGES.idsFileInvalid(line));
  };
  try {
    take(file.header.cells, file.header.rowNumber, true);
    for await (const row of file.rows) {
      take(row.cells, row.rowNumber, false);
      if (ids.size > MAX_BATCH_UPDATE_ITEMS) {
        throw refusal(CODES.idsFileTooLarge, MESSAGES.idsFileTooLarge(MAX_BATCH_UPDATE_ITEMS));
      }
    }
  } catch (error) {
    if (error instanceof FileReaderError && error.problem === 'tooManyRows') {
      throw refusal(CODES.idsFileTooLarge, MESSAGES.idsFileTooLarge(MAX_BATCH_UPDATE_ITEMS));
    }
    throw error;
  } finally {
    await file.close();
  }
  // Nothing to select (a header alone, or a body that is no list of ids at all).
  if (ids.size === 0) throw refusal(CODES.idsFileEmpty, MESSAGES.idsFileEmpty);
  return [...ids];
}

// POST batch-updates/ids-file/: the file is stored, then read; one that cannot be read is refused
// with its reason and removed.
export async function uploadIdsFile(
  ctx: UserContext,
  files: FileStore,
  input: { fileName: string; declaredSize: number | null; body: Readable },
): Promise<IdsFile> {
  const tooLarge = () => FileReaderError.of('fileTooLarge', { limitBytes: MAX_IDS_FILE_BYTES });
  if (input.declaredSize !== null && input.declaredSize > MAX_IDS_FILE_BYTES) throw tooLarge();
  let storageKey: string;
  try {
    ({ storageKey } = await files.put(input.body, {
      namespace: namespaceOf(ctx.tenant.id),
      maxBytes: MAX_IDS_FILE_BYTES,
    }));
  } catch (error) {
    if (error instanceof FileTooLargeError) throw tooLarge();
    throw error;
  }
  try {
    const ids = await readIds(await files.open(storageKey), input.fileName || 'ids.csv');
    return { ids_file: storageKey, count: ids.length };
  } catch (error) {
    await files.delete(storageKey);
    throw error;
  }
}

// The ids of a file uploaded before, read again (the create request names it by its key).
export async function storedIds(ctx: UserContext, files: FileStore, key: string): Promise<string[]> {
  const gone = () => refusal(CODES.idsFileGone, MESSAGES.idsFileGone);
  if (!key.startsWith(`${namespaceOf(ctx.tenant.id)}/`)) throw gone();
  let source: Readable;
  try {
    source = await files.open(key);
  } catch (error) {
    if (error instanceof FileNotFoundError) throw gone();
    throw error;
  }
  return readIds(source, 'ids.csv');
}
