import { z } from 'zod';
import { type ConditionGroup, ConditionGroupSchema } from '../filters/condition-group.js';
import { TranslationsSchema } from '../localized-text.js';
import { pageOf } from '../pagination.js';
import { isHexColor } from '../validators/hex-color.js';
import { text } from '../validators/input-limits.js';
import { BADGE_TAG_MAX_LENGTH } from '../workflows/answer-validation-choices.js';
import { isValidTagSegment } from '../workflows/tags.js';
import { BADGE_ICONS } from './icons.js';

// Issue 19, spec 2 §6 'Can view, change and create badge definitions': a tenant's badges, each
// awarded to the workflows that match its rule (the advanced filter's condition group).

export const BADGE_LABEL_MAX_LENGTH = 60;
// A tenant's live definitions: every one is evaluated whenever a workflow changes.
export const MAX_BADGE_DEFINITIONS = 100;

export const BADGE_MESSAGES = {
  tag: 'Use lower-case letters, digits and single underscores, starting with a letter.',
  tagTaken: 'A badge with this tag already exists.',
  // Spec 1 §5 / 2 §9.3: "Hex colour accepts 3 or 6 hex digits".
  colour: 'Enter a hex colour of 3 or 6 digits, such as #1c7ed6.',
  tooMany: `A tenant has at most ${MAX_BADGE_DEFINITIONS} badges.`,
  unknownKind: 'Choose a workflow kind of this tenant.',
  badgeInRule: 'A badge rule cannot depend on badges.',
} as const;

export const BadgeTagSchema = text().max(BADGE_TAG_MAX_LENGTH).refine(isValidTagSegment, BADGE_MESSAGES.tag);
export const BadgeColourSchema = text().refine(isHexColor, BADGE_MESSAGES.colour);
export const BadgeIconSchema = z.enum(BADGE_ICONS);

// What a workflow shows of a badge it holds: the chip.
export const BadgeChipSchema = z.object({
  tag: text(),
  label: text(),
  colour: text(),
  icon: BadgeIconSchema,
});
export type BadgeChip = z.infer<typeof BadgeChipSchema>;

// Where a rule change's recomputation stands: done of total workflows, null once finished.
export const BadgeRecomputeSchema = z.object({ done: z.number().int(), total: z.number().int() }).nullable();

export const BadgeDefinitionSchema = z.object({
  id: z.number().int(),
  tag: text(),
  label: text(),
  label_translations: z.record(text(), text()),
  colour: text(),
  icon: BadgeIconSchema,
  kind_id: z.number().int().nullable(),
  // As stored (validated when written); the request schema's depth check is a transform, which an
  // answer cannot be encoded through.
  rule: z.custom<ConditionGroup>((value) => typeof value === 'object' && value !== null),
  archived: z.boolean(),
  // Workflows holding the badge now.
  workflow_count: z.number().int(),
  recompute: BadgeRecomputeSchema,
  updated_at: text(),
});
export type BadgeDefinition = z.infer<typeof BadgeDefinitionSchema>;

export const BadgeDefinitionCreateSchema = z
  .object({
    tag: BadgeTagSchema,
    label: text().trim().min(1).max(BADGE_LABEL_MAX_LENGTH),
    label_translations: TranslationsSchema.default({}),
    colour: BadgeColourSchema,
    icon: BadgeIconSchema,
    kind_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable().default(null),
    rule: ConditionGroupSchema,
  })
  .strict();
export type BadgeDefinitionCreate = z.infer<typeof BadgeDefinitionCreateSchema>;

// The tag is the badge's name in filters and reports: it stays as created.
export const BadgeDefinitionUpdateSchema = z
  .object({
    label: text().trim().min(1).max(BADGE_LABEL_MAX_LENGTH).optional(),
    label_translations: TranslationsSchema.optional(),
    colour: BadgeColourSchema.optional(),
    icon: BadgeIconSchema.optional(),
    kind_id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).nullable().optional(),
    rule: ConditionGroupSchema.optional(),
    archived: z.boolean().optional(),
  })
  .strict();
export type BadgeDefinitionUpdate = z.infer<typeof BadgeDefinitionUpdateSchema>;

export const BadgeDefinitionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  q: text().max(100).optional(),
  archived: z.enum(['true', 'false']).default('false'),
});
export type BadgeDefinitionsQuery = z.infer<typeof BadgeDefinitionsQuerySchema>;

export const BadgeDefinitionsPageSchema = pageOf(BadgeDefinitionSchema);

// DELETE answers what happened: a badge some workflow holds is archived instead of deleted.
export const BadgeDeletionSchema = z.object({ outcome: z.enum(['deleted', 'archived']) });

export const WorkflowBadgesSchema = z.object({ results: z.array(BadgeChipSchema) });

// Spec 2 §9.2: a badge's overflowCount caps the displayed number as N+.
export function overflowLabel(count: number, overflowCount: number): string {
  return count > overflowCount ? `${overflowCount}+` : String(count);
}

export const BADGE_PATHS = {
  definitions: '/api/v1/badge-definitions/',
  definition: (id: number) => `/api/v1/badge-definitions/${id}/`,
  workflow: (workflowId: number) => `/api/v1/workflows/${workflowId}/badges/`,
  // The live badges, for the list's badge filter (anyone signed in).
  choices: '/api/v1/badges/',
} as const;
