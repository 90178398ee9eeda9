import type { Readable } from 'node:stream';
import {
  BATCH_IMPORT_ERROR_CODES,
  BATCH_IMPORT_MESSAGES,
  type BatchImport,
  type CreateBatchImportQuery,
  IMPORT_FILE_NAME_MAX_LENGTH,
  IMPORT_HEADER_MAX_LENGTH,
  MAX_IMPORT_BYTES,
} from '@attest/shared';
import { AppError, BadRequestError } from '../../platform/errors.js';
import { type FileStore, FileTooLargeError, type StoredFile } from '../../platform/files/file-store.js';
import type { UserContext } from '../../platform/request-context.js';
import { withTenant } from '../../platform/tenant-transaction.js';
import { importDetail } from './batch-import-api.js';
import { batchImportsRepository } from './batch-imports.repository.js';
import { FileReaderError } from './file-reader/file-reader-error.js';
import { openTabularFile, type TabularFile } from './file-reader/tabular-file.js';
import { importMappingsRepository } from './import-mappings.repository.js';
import { importTarget, mappingCandidates, type TargetRef } from './import-target.js';
import { stageRows } from './stage-rows.js';
import type { StoredMapping } from './stored-mapping.js';
import { suggestMapping } from './suggest-mapping.js';

export type UploadImportInput = {
  query: CreateBatchImportQuery;
  fileName: string;
  // Content-Length when the client sent one: a file too large is refused before a byte is read.
  declaredSize: number | null;
  body: Readable;
};

const refusal = (code: keyof typeof BATCH_IMPORT_ERROR_CODES, message: string) =>
  new AppError(400, BATCH_IMPORT_ERROR_CODES[code], message, { file: [message] });

const FILE_NAME_MISSING = "Send the file's name, URI-encoded, in the X-File-Name header.";

const tooLarge = () => FileReaderError.of('fileTooLarge', { limitBytes: MAX_IMPORT_BYTES });

// Control characters and bidirectional overrides become '_': the name is shown to people as it is.
function isUnsafeNameCharacter(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

function cleanFileName(name: string): string {
  let clean = '';
  for (const character of name) clean += isUnsafeNameCharacter(character.charCodeAt(0)) ? '_' : character;
  return clean.trim();
}

function targetRef(query: CreateBatchImportQuery): TargetRef {
  return query.target === 'records'
    ? { target: 'records', objectTypeTag: query.object_type ?? '' }
    : { target: 'workflows', kindId: String(query.kind_id ?? 0) };
}

// The header row as the mapping shows it; two columns of one name cannot be told apart.
function checkedHeaders(file: TabularFile): string[] {
  const headers = file.header.cells.map((cell) => cell.trim().slice(0, IMPORT_HEADER_MAX_LENGTH));
  if (headers.every((header) => header === ''))
    throw refusal('noHeaderRow', BATCH_IMPORT_MESSAGES.noHeaderRow);
  const seen = new Set<string>();
  for (const header of headers) {
    const key = header.toLowerCase();
    if (header !== '' && seen.has(key)) {
      throw refusal('duplicateHeader', BATCH_IMPORT_MESSAGES.duplicateHeader(header));
    }
    seen.add(key);
  }
  return headers;
}

// Plan §4.1. The upload is kept in the file store, then read back streamed: its header row checked,
// its rows staged a thousand at a time. A file refused at any point (too large, not UTF-8, a formula,
// a bomb, too many rows) leaves nothing: the import row and its staged rows are deleted and the
// stored file removed, and the refusal answers with its own 4xx code and message.
export async function uploadImport(
  ctx: UserContext,
  files: FileStore,
  input: UploadImportInput,
): Promise<BatchImport> {
  const fileName = cleanFileName(input.fileName).slice(0, IMPORT_FILE_NAME_MAX_LENGTH);
  if (fileName === '') throw new BadRequestError(FILE_NAME_MISSING, { file: [FILE_NAME_MISSING] });
  const ref = targetRef(input.query);
  // The type must exist before a byte is stored (404 for an unknown or another tenant's).
  await withTenant(ctx.db, ctx.tenant.id, (tx) => importTarget(tx, ctx.tenant.id, ref));
  if (input.declaredSize !== null && input.declaredSize > MAX_IMPORT_BYTES) throw tooLarge();

  let stored: StoredFile;
  try {
    stored = await files.put(input.body, { namespace: `t${ctx.tenant.id}`, maxBytes: MAX_IMPORT_BYTES });
  } catch (error) {
    if (error instanceof FileTooLargeError) throw tooLarge();
    throw error;
  }
  let importId: string | undefined;
  let file: TabularFile | undefined;
  try {
    file = await openTabularFile(await files.open(stored.storageKey), { fileName });
    const headers = checkedHeaders(file);
    const { spec, saved } = await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
      const target = await importTarget(tx, ctx.tenant.id, ref);
      return { spec: target, saved: await importMappingsRepository.latest(tx, target) };
    });
    const mapping: StoredMapping = {
      headers,
      suggested: suggestMapping(headers, mappingCandidates(spec), saved),
      columns: null,
    };
    const format = file.format;
    importId = await withTenant(ctx.db, ctx.tenant.id, (tx) =>
      batchImportsRepository.insert(tx, {
        tenantId: ctx.tenant.id,
        createdBy: ctx.auth.user.id,
        target: spec.target,
        objectTypeId: spec.objectTypeId,
        kindId: spec.kindId,
        fileName,
        format,
        storageKey: stored.storageKey,
        sizeBytes: stored.size,
        mapping,
      }),
    );
    const id = importId;
    const total = await stageRows(ctx, id, file.rows, headers.length);
    return await withTenant(ctx.db, ctx.tenant.id, async (tx) => {
      await batchImportsRepository.markParsed(tx, id, total);
      const row = await batchImportsRepository.byId(tx, id);
      if (!row) throw new Error('the import just staged is gone');
      return importDetail(row);
    });
  } catch (error) {
    await file?.close();
    const id = importId;
    if (id !== undefined)
      await withTenant(ctx.db, ctx.tenant.id, (tx) => batchImportsRepository.delete(tx, id));
    await files.delete(stored.storageKey);
    throw error;
  }
}
