import { describe, expect, it } from 'vitest';
import { catalogueForDefinition } from '../filters/catalogue.js';
import { COMPLETE_LOCALES } from '../locales.js';
import { LOCALIZED_TEXT_MESSAGES } from '../localized-text.js';
import { DEMO_WORKFLOW_DEFINITIONS, SUPPLIER_ONBOARDING_DEFINITION } from '../testing/index.js';
import { statusDisplayName, type WorkflowDefinition, WorkflowDefinitionSchema } from './definition-schema.js';

// Issue 14: a status's name per language beside its default text.
function withReviewTranslations(translations: unknown): unknown {
  const definition = structuredClone(SUPPLIER_ONBOARDING_DEFINITION) as WorkflowDefinition;
  return {
    ...definition,
    statuses: definition.statuses.map((status) =>
      status.tag === 'in_review' ? { ...status, display_name_translations: translations } : status,
    ),
  };
}

describe('status name translations', () => {
  it('keeps a definition without translations valid', () => {
    const plain = withReviewTranslations(undefined) as WorkflowDefinition;
    const statuses = plain.statuses.map(({ display_name_translations: _, ...status }) => status);
    expect(WorkflowDefinitionSchema.safeParse({ ...plain, statuses }).success).toBe(true);
  });

  it('accepts labels per language and refuses unknown languages with the message, at their path', () => {
    expect(WorkflowDefinitionSchema.safeParse(withReviewTranslations({ ar: 'قيد المراجعة' })).success).toBe(
      true,
    );
    const index = SUPPLIER_ONBOARDING_DEFINITION.statuses.findIndex((s) => s.tag === 'in_review');
    const refused = WorkflowDefinitionSchema.safeParse(withReviewTranslations({ klingon: 'x' }));
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({
        path: ['statuses', index, 'display_name_translations', 'klingon'],
        message: LOCALIZED_TEXT_MESSAGES.unknownLocale,
      }),
    ]);
  });

  it("names a status in the reader's language, falling back to the default name", () => {
    const definition = WorkflowDefinitionSchema.parse(
      withReviewTranslations({ ar: 'قيد المراجعة', es: 'En revisión' }),
    );
    expect(statusDisplayName(definition, 'in_review', 'ar')).toBe('قيد المراجعة');
    expect(statusDisplayName(definition, 'in_review', 'es-MX')).toBe('En revisión');
    expect(statusDisplayName(definition, 'in_review', 'ja')).toBe('In Review');
    expect(statusDisplayName(definition, 'in_review')).toBe('In Review');
    expect(statusDisplayName(definition, 'gone', 'ar')).toBe('gone');
  });

  it("offers the status filter's choices in the reader's language", () => {
    const definition = WorkflowDefinitionSchema.parse(withReviewTranslations({ ar: 'قيد المراجعة' }));
    const status = (locale?: string) =>
      catalogueForDefinition(definition, locale).find((a) => a.path === 'workflow__status');
    expect(status('ar')?.options).toContainEqual({ value: 'in_review', label: 'قيد المراجعة' });
    expect(status()?.options).toContainEqual({ value: 'in_review', label: 'In Review' });
  });
});

describe('demo statuses', () => {
  it('name every status in each complete language besides English', () => {
    const others = COMPLETE_LOCALES.filter((code) => code !== 'en');
    for (const definition of DEMO_WORKFLOW_DEFINITIONS) {
      expect(WorkflowDefinitionSchema.safeParse(definition).success).toBe(true);
      for (const status of definition.statuses) {
        expect(Object.keys(status.display_name_translations ?? {}).sort()).toEqual([...others].sort());
        for (const code of others) {
          expect(statusDisplayName(definition, status.tag, code)).not.toBe(status.display_name);
        }
      }
    }
  });
});
