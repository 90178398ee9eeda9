import {
  INPUT_LIMIT_MESSAGES,
  MAX_JSON_DEPTH,
  OBJECT_TYPE_PUBLISH_MESSAGES,
  type ObjectTypeDefinition,
  STUDIO_MESSAGES,
  StudioPackageSchema,
  type StudioWorkingCopy,
  StudioWorkingCopySchema,
  type WorkflowDefinition,
} from '@attest/shared';
import { BadRequestError } from '../../platform/errors.js';
import { jsonNestsDeeperThan } from '../../platform/json-depth.js';
import type { Tx } from '../../platform/tenant-transaction.js';
import { publishedObjectTypeTags } from '../records/index.js';

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

export type CheckedPackage = { definitions: WorkflowDefinition[]; objects: ObjectTypeDefinition[] };

// A version is made only of valid processes and object types: every one passes its schema (the
// engine's definition schema, ObjectTypeDefinitionSchema) and no two share a tag (StudioPackageSchema).
// Otherwise a 400 with the schemas' own messages under each path (`objects.0.title_field`).
export function checkPackageForVersion(draft: StudioWorkingCopy): CheckedPackage {
  if (draft.processes.length === 0 && (draft.objects ?? []).length === 0) {
    throw new BadRequestError(STUDIO_MESSAGES.emptyPackage);
  }
  const parsed = StudioPackageSchema.safeParse(draft);
  if (!parsed.success) {
    const inObjects = parsed.error.issues.every((issue) => issue.path[0] === 'objects');
    const message = inObjects ? STUDIO_MESSAGES.invalidObjectType : STUDIO_MESSAGES.invalidPackage;
    throw new BadRequestError(message, fieldErrors([], parsed.error.issues));
  }
  return { definitions: parsed.data.processes, objects: parsed.data.objects };
}

// Plan §1.5: a data_object field, in a process or an object type, picks records of an object type
// that is in the package or already published by a Production deployment.
export async function checkObjectTypeTags(tx: Tx, pkg: CheckedPackage) {
  const named: { path: string; tag: string }[] = [];
  pkg.definitions.forEach((definition, p) => {
    definition.step_groups.forEach((group, g) => {
      group.steps.forEach((step, s) => {
        step.fields.forEach((field, f) => {
          const path = `processes.${p}.step_groups.${g}.steps.${s}.fields.${f}.object_type_tag`;
          if (field.object_type_tag) named.push({ path, tag: field.object_type_tag });
        });
      });
    });
  });
  pkg.objects.forEach((object, o) => {
    object.fields.forEach((field, f) => {
      if (field.object_type_tag)
        named.push({ path: `objects.${o}.fields.${f}.object_type_tag`, tag: field.object_type_tag });
    });
  });
  const inPackage = new Set(pkg.objects.map((object) => object.tag));
  const elsewhere = [...new Set(named.map((n) => n.tag).filter((tag) => !inPackage.has(tag)))];
  const published = new Set(await publishedObjectTypeTags(tx, elsewhere));
  const errors: Record<string, string[]> = {};
  for (const { path, tag } of named) {
    if (!inPackage.has(tag) && !published.has(tag)) {
      errors[path] = [OBJECT_TYPE_PUBLISH_MESSAGES.unknownObjectType(tag)];
    }
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new BadRequestError(first, errors);
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
