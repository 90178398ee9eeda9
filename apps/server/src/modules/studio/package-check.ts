import {
  INPUT_LIMIT_MESSAGES,
  MAX_JSON_DEPTH,
  STUDIO_MESSAGES,
  StudioPackageSchema,
  type StudioWorkingCopy,
  StudioWorkingCopySchema,
  type WorkflowDefinition,
} from '@attest/shared';
import { BadRequestError } from '../../platform/errors.js';
import { jsonNestsDeeperThan } from '../../platform/json-depth.js';

// Zod issues as the API's field errors, each under the path it concerns.
function fieldErrors(prefix: string[], issues: readonly { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = [...prefix, ...issue.path.map(String)].join('.') || 'non_field_errors';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}

// The designer's JSON editor sends the package as text; anything else arrives parsed.
export function parseDraftPackage(input: StudioWorkingCopy | string): StudioWorkingCopy {
  if (typeof input !== 'string') return input;
  // The same depth limit as a package sent as an object, two levels down in the request body.
  if (jsonNestsDeeperThan(input, MAX_JSON_DEPTH - 2)) throw new BadRequestError(INPUT_LIMIT_MESSAGES.tooDeep);
  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch {
    throw new BadRequestError(STUDIO_MESSAGES.parsingToJsonFailed);
  }
  const parsed = StudioWorkingCopySchema.safeParse(value);
  if (!parsed.success) {
    throw new BadRequestError(STUDIO_MESSAGES.notAPackage, fieldErrors(['package'], parsed.error.issues));
  }
  return parsed.data;
}

// A version is made only of valid processes: every one passes the engine's definition schema and no
// two define the same kind (StudioPackageSchema). Otherwise a 400 with the schema's own messages.
export function checkPackageForVersion(draft: StudioWorkingCopy): WorkflowDefinition[] {
  if (draft.processes.length === 0) throw new BadRequestError(STUDIO_MESSAGES.emptyPackage);
  const parsed = StudioPackageSchema.safeParse(draft);
  if (!parsed.success) {
    throw new BadRequestError(STUDIO_MESSAGES.invalidPackage, fieldErrors([], parsed.error.issues));
  }
  return parsed.data.processes;
}

// Production publishes a package's processes one by one: a process whose field starts workflows of
// another kind of the package comes after that kind, which the engine requires to be published.
export function publicationOrder(definitions: WorkflowDefinition[]): WorkflowDefinition[] {
  const byTag = new Map(definitions.map((d) => [d.kind.tag, d]));
  const ordered: WorkflowDefinition[] = [];
  const seen = new Set<string>();
  const visit = (definition: WorkflowDefinition) => {
    if (seen.has(definition.kind.tag)) return;
    seen.add(definition.kind.tag);
    const fields = definition.step_groups.flatMap((g) => g.steps.flatMap((s) => s.fields));
    for (const field of fields) {
      const child = field.child_kind_tag ? byTag.get(field.child_kind_tag) : undefined;
      if (child) visit(child);
    }
    ordered.push(definition);
  };
  for (const definition of definitions) visit(definition);
  return ordered;
}
