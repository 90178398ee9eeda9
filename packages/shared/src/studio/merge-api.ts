import { z } from 'zod';
import { text } from '../validators/input-limits.js';
import { StudioBranchSchema } from './api.js';
import { STUDIO_ITEM_TYPES } from './definition-tree.js';
import { MAX_PACKAGE_OBJECTS, MAX_PACKAGE_PROCESSES } from './package.js';

// Issue 15: merging a branch into its app's main branch, and the structured diff of two savepoints
// or versions (docs/studio.md).
const base = '/api/v1/studio';
export const STUDIO_MERGE_PATHS = {
  merge: (appId: number, branchId: number) => `${base}/apps/${appId}/branches/${branchId}/merge/`,
  diff: (appId: number, from: string, to: string) =>
    `${base}/apps/${appId}/diff/?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
} as const;

// Bounds (STYLE rule 7): a merge of two packages of 100 processes has far fewer real conflicts.
export const MAX_MERGE_CHOICES = 10_000;

export const STUDIO_MERGE_MESSAGES = {
  mainBranchNotMerged: 'The main branch is the one branches are merged into; merge another branch.',
  unknownChoice: 'A choice names a conflict this merge does not have.',
  missingChoice: 'Choose ours or theirs for every conflict of the merge.',
  mergedTooLarge: `The merged package would hold more than ${MAX_PACKAGE_PROCESSES} processes or ${MAX_PACKAGE_OBJECTS} object types.`,
  tooManyChoices: `At most ${MAX_MERGE_CHOICES} choices.`,
} as const;

export const MergeConflictSchema = z.object({
  id: text(),
  kind: z.enum(['property', 'removed_changed', 'moved', 'order']),
  item: z.enum(STUDIO_ITEM_TYPES),
  identity: z.array(text()),
  path: z.array(text()),
  base: z.unknown().optional(),
  ours: z.unknown().optional(),
  theirs: z.unknown().optional(),
});

export const MergeBranchRequestSchema = z
  .object({
    // The main branch's revision the designer merged onto; a save since then is a 409.
    revision: z.number().int().min(1),
    // One choice per conflict id. Without it, the conflicts are answered and nothing is written.
    choices: z
      .record(text().max(1000), z.enum(['ours', 'theirs']))
      .refine((choices) => Object.keys(choices).length <= MAX_MERGE_CHOICES, {
        message: STUDIO_MERGE_MESSAGES.tooManyChoices,
      })
      .optional(),
  })
  .strict();
export type MergeBranchRequest = z.infer<typeof MergeBranchRequestSchema>;

// merged: false with the conflicts to choose for (nothing written), or true with main as merged.
export const MergeBranchResponseSchema = z.object({
  merged: z.boolean(),
  conflicts: z.array(MergeConflictSchema),
  main: StudioBranchSchema,
});
export type MergeBranchResponse = z.infer<typeof MergeBranchResponseSchema>;

// A side of a diff: `savepoint:12` or `version:3` of the app.
export const STUDIO_DIFF_SIDE_PATTERN = /^(savepoint|version):([1-9][0-9]{0,15})$/;
const DiffSide = text().max(30).regex(STUDIO_DIFF_SIDE_PATTERN, {
  message: "Name a savepoint or a version: 'savepoint:12' or 'version:3'.",
});
export const StudioDiffQuerySchema = z.object({ from: DiffSide, to: DiffSide });
export type StudioDiffQuery = z.infer<typeof StudioDiffQuerySchema>;

const ItemPlaceSchema = z.object({ parent: z.array(text()), index: z.number().int() });
export const DefinitionChangeSchema = z.object({
  kind: z.enum(['added', 'removed', 'moved', 'changed']),
  item: z.enum(STUDIO_ITEM_TYPES),
  identity: z.array(text()),
  from: ItemPlaceSchema.optional(),
  to: ItemPlaceSchema.optional(),
  properties: z
    .array(z.object({ path: z.array(text()), before: z.unknown().optional(), after: z.unknown().optional() }))
    .optional(),
});
export const StudioDiffSchema = z.object({ changes: z.array(DefinitionChangeSchema) });
