import { z } from 'zod';
import { ANALYTICS_EVENT_NAMES, type AnalyticsEventName } from './analytics-events.js';

// A kind or section id: a number or a tag (lower-case letters, digits, _ . -). The pattern is the
// rule "no personal data": no spaces, no @, no free text can pass it.
const KindOrSectionId = z.union([z.number().int().nonnegative(), z.string().regex(/^[a-z0-9_.-]{1,64}$/)]);

export const AnalyticsEventSchema = z
  .object({
    name: z.enum(ANALYTICS_EVENT_NAMES as [AnalyticsEventName, ...AnalyticsEventName[]]),
    // When it happened, ISO 8601.
    at: z.iso.datetime(),
    // Which kind of thing (a workflow kind, a report type, a chart type), when it matters.
    kind: KindOrSectionId.optional(),
    // Which tab, view, section or method.
    section: KindOrSectionId.optional(),
    // Spec 2 §6: analytics tell viewing as an external user (a supplier) from an internal one.
    audience: z.enum(['internal', 'external', 'anonymous']).optional(),
  })
  .strict();
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

// What each configured destination receives: one POST of application/json per batch.
export const ANALYTICS_BATCH_MAX_EVENTS = 50;
export const AnalyticsBatchSchema = z
  .object({
    // The tenant's slug (the first label of the host name), never a person.
    tenant: z.string().max(63),
    sent_at: z.iso.datetime(),
    events: z.array(AnalyticsEventSchema).min(1).max(ANALYTICS_BATCH_MAX_EVENTS),
  })
  .strict();
export type AnalyticsBatch = z.infer<typeof AnalyticsBatchSchema>;
