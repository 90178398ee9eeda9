import { httpErrorFromBody } from '@attest/shared';
import type { z } from 'zod';
import { parseJson, type RequestOptions, send } from '../../../lib/api/http-client';

// A refused task action is answered where the person acted (its code translated beside the
// button), not by the app-wide 403 warning that leaves the call hanging.
const HANDLED = [400, 403, 404, 409] as const;

export async function sendTaskAction<S extends z.ZodType>(
  path: string,
  schema: S | null,
  options: Omit<RequestOptions, 'handledStatuses'>,
): Promise<z.infer<S> | null> {
  const response = await send(path, { ...options, handledStatuses: HANDLED });
  if (!response.ok) {
    const body = await response.text().catch(() => undefined);
    throw httpErrorFromBody(response.status, response.statusText, body);
  }
  if (schema === null) return null;
  return parseJson(response, schema);
}
