import {
  BATCH_UPDATE_PATHS,
  HttpError,
  httpErrorFromBody,
  type IdsFile,
  IdsFileSchema,
  IMPORT_FILE_NAME_HEADER,
} from '@attest/shared';
import { useMutation } from '@tanstack/react-query';
import { apiUrl } from '../../../lib/api/api-url';
import { buildHeaders } from '../../../lib/api/request-headers';

// A file of ids to select by (issue 18, plan §5): the raw file is the body, its name URI-encoded in
// X-File-Name, as an import's. The server reads it and answers its key and how many ids it holds.
export async function uploadIdsFile(file: File): Promise<IdsFile> {
  const headers = buildHeaders('POST', false);
  headers.set('Content-Type', file.type || 'text/csv');
  headers.set(IMPORT_FILE_NAME_HEADER, encodeURIComponent(file.name));
  let response: Response;
  try {
    response = await fetch(apiUrl(BATCH_UPDATE_PATHS.idsFile), {
      method: 'POST',
      credentials: 'include',
      headers,
      body: file,
    });
  } catch (error) {
    // The server closes the connection when it refuses a body early (413).
    throw new HttpError(0, 'network', { cause: error });
  }
  const text = await response.text();
  if (!response.ok) throw httpErrorFromBody(response.status, response.statusText, text);
  const parsed = IdsFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new HttpError(response.status, 'The server answered in an unexpected shape.', {
      cause: parsed.error,
    });
  return parsed.data;
}

export const useUploadIdsFile = () => useMutation({ mutationFn: uploadIdsFile });
