import type { z } from 'zod';

// The JSON editor's rules (spec 2 §4.3 and §5), kept apart from the editor so they are tested alone
// and so that pages use the same ones as the editor.

export const JSON_EDITOR_MODES = ['code', 'tree', 'view'] as const;
export type JsonEditorMode = (typeof JSON_EDITOR_MODES)[number];

// One problem a validator found, where it is (keys and indexes from the root) and what it is.
export type JsonProblem = { path: string[]; message: string };

// Spec 2 §5: the editor takes a JSON string; unparseable input becomes an empty object.
export function parseJsonInput(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

// The value of a text when it is JSON, undefined while it is not (someone is still typing it). A
// blank text is the empty object, as blurValue writes it.
export function jsonOrUndefined(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isEmptyObject(value: unknown): boolean {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0
  );
}

// Spec 2 §5: on blur an empty object is returned as an empty string, otherwise the serialized JSON
// (indented as the editor shows it).
export function blurValue(value: unknown): string {
  return isEmptyObject(value) ? '' : serializeJson(value);
}

export function serializeJson(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

// Spec 2 §5: a schema validator reports all errors, not the first one, each at its path.
export function schemaProblems(schema: z.ZodType, value: unknown): JsonProblem[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message }));
}

// How a problem's place is written for people: the dotted path the API's field errors use too.
export function problemPlace(path: readonly string[]): string {
  return path.length === 0 ? '(root)' : path.join('.');
}

// Spec 2 §4.3: view-only when disabled, otherwise code, tree or view; code is the editor's text mode.
export function editorSettings(
  mode: JsonEditorMode,
  disabled: boolean,
): { text: boolean; readOnly: boolean } {
  if (disabled || mode === 'view') return { text: false, readOnly: true };
  return { text: mode === 'code', readOnly: false };
}
