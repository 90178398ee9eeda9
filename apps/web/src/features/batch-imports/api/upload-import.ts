import {
  BATCH_IMPORT_PATHS,
  type BatchImport,
  BatchImportSchema,
  type CreateBatchImportQuery,
  HttpError,
  httpErrorFromBody,
  IMPORT_FILE_NAME_HEADER,
} from '@attest/shared';
import { apiUrl } from '../../../lib/api/api-url';
import { buildHeaders } from '../../../lib/api/request-headers';

export type UploadOptions = {
  query: CreateBatchImportQuery;
  file: File;
  // 0..1 of the file sent.
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
};

// Plan §4.1: the raw file is the body (no multipart), its name URI-encoded in X-File-Name, since
// header values are ASCII. XMLHttpRequest rather than fetch: only it reports upload progress.
export function uploadImport({ query, file, onProgress, signal }: UploadOptions): Promise<BatchImport> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(BATCH_IMPORT_PATHS.imports, query));
    xhr.withCredentials = true;
    const headers = buildHeaders('POST', false);
    headers.set('Content-Type', file.type || 'application/octet-stream');
    headers.set(IMPORT_FILE_NAME_HEADER, encodeURIComponent(file.name));
    for (const [name, value] of headers) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(httpErrorFromBody(xhr.status, xhr.statusText, xhr.responseText));
        return;
      }
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      const parsed = BatchImportSchema.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else
        reject(
          new HttpError(xhr.status, 'The server answered in an unexpected shape.', { cause: parsed.error }),
        );
    };
    // The server closes the connection when it refuses a body early (413): the browser may report
    // that as a network error with no status.
    xhr.onerror = () => reject(new HttpError(0, 'network'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
