import { HttpError, httpErrorFromBody, type WorkflowError, WorkflowErrorSchema } from '@attest/shared';
import type { z } from 'zod';
import { parseJson, type RequestOptions, send } from '../../../lib/api/http-client';

export type FieldProblems = NonNullable<WorkflowError['problems']>;

// A refused answer, submission or undo: the server's sentence, its code, and per field the answer
// errors (WorkflowErrorSchema) the page shows under each field.
export class WorkflowActionError extends HttpError {
  readonly problems: FieldProblems;

  constructor(status: number, error: WorkflowError) {
    super(status, error.detail, { code: error.code, fieldErrors: error.errors });
    this.problems = error.problems ?? [];
  }
}

// The shared client reads {detail, code, errors}; a workflow refusal also carries `problems`, so the
// 400 is read here. A 403 (no right to this place or action) is answered where the user acted, not
// with the app-wide warning that leaves the call hanging.
export async function sendWorkflowAction<S extends z.ZodType>(
  path: string,
  schema: S,
  options: Omit<RequestOptions, 'handledStatuses'>,
): Promise<z.infer<S>> {
  const response = await send(path, { ...options, handledStatuses: [400, 403] });
  if (response.status === 400 || response.status === 403) {
    const body: unknown = await response.json().catch(() => undefined);
    const parsed = WorkflowErrorSchema.safeParse(body);
    if (parsed.success) throw new WorkflowActionError(response.status, parsed.data);
    throw httpErrorFromBody(response.status, response.statusText, body);
  }
  return parseJson(response, schema);
}

export function problemsOf(error: unknown): FieldProblems {
  return error instanceof WorkflowActionError ? error.problems : [];
}
