import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../constants.js';
import { pageOf } from '../pagination.js';
import { text } from '../validators/input-limits.js';

// Issue 7, spec 2 §9.4 "subscribe by e-mail": a report sent as CSV on a schedule (daily, weekly on
// a weekday, monthly on a day) at a time of day in a time zone, to users of the tenant. Each
// recipient receives the report as they may see it; the schedule is read in its own time zone, so
// 08:00 stays 08:00 across daylight saving time.

export const REPORT_SUBSCRIPTION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type ReportSubscriptionFrequency = (typeof REPORT_SUBSCRIPTION_FREQUENCIES)[number];
export const REPORT_SUBSCRIPTION_RECIPIENTS_MAX = 20;
export const REPORT_SUBSCRIPTION_SUBJECT_MAX_LENGTH = 200;
export const REPORT_SUBSCRIPTION_MESSAGE_MAX_LENGTH = 2000;
// Monthly runs on a day every month has.
export const REPORT_SUBSCRIPTION_LAST_DAY = 28;

export const REPORT_SUBSCRIPTION_MESSAGES = {
  badRecipients: 'These recipients are not active users of this tenant:',
  badTimeZone: 'Unknown time zone.',
  weekdayRequired: 'A weekly subscription needs a weekday.',
  dayRequired: 'A monthly subscription needs a day of the month.',
  duplicateRecipients: 'Each recipient may be named once.',
} as const;

// Whether the runtime knows an IANA zone name (Intl throws a RangeError for an unknown one).
export function isTimeZone(name: string): boolean {
  if (!name || name.length > 100) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const Id = z.number().int().min(1);
const IdParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(2 ** 53);
export const ReportSubscriptionIdParamsSchema = z.object({ id: IdParam });

// 24-hour "HH:MM".
const TimeOfDay = text().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'Use the 24-hour form HH:MM.');
const TimeZone = text().trim().refine(isTimeZone, REPORT_SUBSCRIPTION_MESSAGES.badTimeZone);
// ISO weekday: 1 = Monday ... 7 = Sunday.
const Weekday = z.number().int().min(1).max(7);
const DayOfMonth = z.number().int().min(1).max(REPORT_SUBSCRIPTION_LAST_DAY);
const RecipientIds = z
  .array(Id)
  .min(1)
  .max(REPORT_SUBSCRIPTION_RECIPIENTS_MAX)
  .refine((ids) => new Set(ids).size === ids.length, REPORT_SUBSCRIPTION_MESSAGES.duplicateRecipients);

// The schedule as stored: weekday only for weekly, day_of_month only for monthly.
export const ReportScheduleSchema = z
  .object({
    frequency: z.enum(REPORT_SUBSCRIPTION_FREQUENCIES),
    time: TimeOfDay,
    weekday: Weekday.nullable(),
    day_of_month: DayOfMonth.nullable(),
    time_zone: TimeZone,
  })
  .superRefine((s, ctx) => {
    if (s.frequency === 'weekly' && s.weekday === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['weekday'],
        message: REPORT_SUBSCRIPTION_MESSAGES.weekdayRequired,
      });
    }
    if (s.frequency === 'monthly' && s.day_of_month === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['day_of_month'],
        message: REPORT_SUBSCRIPTION_MESSAGES.dayRequired,
      });
    }
  })
  // What does not apply to the frequency is dropped, so a stored schedule has one reading.
  .transform((s) => ({
    ...s,
    weekday: s.frequency === 'weekly' ? s.weekday : null,
    day_of_month: s.frequency === 'monthly' ? s.day_of_month : null,
  }));
export type ReportSchedule = z.output<typeof ReportScheduleSchema>;

const Subject = text().trim().max(REPORT_SUBSCRIPTION_SUBJECT_MAX_LENGTH);
const Message = text().trim().max(REPORT_SUBSCRIPTION_MESSAGE_MAX_LENGTH);

// Create: time zone defaults to the owner's (else UTC), recipients to the owner alone. The
// schedule's own rules (a weekday for weekly...) are checked by the server with ReportScheduleSchema.
export const CreateReportSubscriptionRequestSchema = z
  .object({
    frequency: z.enum(REPORT_SUBSCRIPTION_FREQUENCIES),
    time: TimeOfDay,
    weekday: Weekday.nullable().default(null),
    day_of_month: DayOfMonth.nullable().default(null),
    time_zone: TimeZone.optional(),
    recipient_ids: RecipientIds.optional(),
    subject: Subject.default(''),
    message: Message.default(''),
    active: z.boolean().default(true),
  })
  .strict();
export type CreateReportSubscriptionRequest = z.input<typeof CreateReportSubscriptionRequestSchema>;

export const UpdateReportSubscriptionRequestSchema = z
  .object({
    frequency: z.enum(REPORT_SUBSCRIPTION_FREQUENCIES).optional(),
    time: TimeOfDay.optional(),
    weekday: Weekday.nullable().optional(),
    day_of_month: DayOfMonth.nullable().optional(),
    time_zone: TimeZone.optional(),
    recipient_ids: RecipientIds.optional(),
    subject: Subject.optional(),
    message: Message.optional(),
    active: z.boolean().optional(),
  })
  .strict();
export type UpdateReportSubscriptionRequest = z.input<typeof UpdateReportSubscriptionRequestSchema>;

export const ReportSubscriptionsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

const Person = z.object({ id: Id, name: text(), email: text() });

export const ReportSubscriptionSchema = z.object({
  id: Id,
  report_id: Id,
  owner: Person.nullable(),
  frequency: z.enum(REPORT_SUBSCRIPTION_FREQUENCIES),
  time: text(),
  weekday: z.number().int().nullable(),
  day_of_month: z.number().int().nullable(),
  time_zone: text(),
  recipients: z.array(Person),
  subject: text(),
  message: text(),
  active: z.boolean(),
  next_run_at: text(),
  last_sent_at: text().nullable(),
  last_status: z.enum(['sent', 'failed']).nullable(),
  last_error: text().nullable(),
  // E-mail addresses the last run left out: inactive, or no longer allowed to view the report.
  last_skipped: z.array(text()),
  // Whether the asker may change or delete it: the owner, or with can_change_process_report.
  can_edit: z.boolean(),
  created_at: text(),
  updated_at: text(),
});
export type ReportSubscription = z.infer<typeof ReportSubscriptionSchema>;
export const ReportSubscriptionsPageSchema = pageOf(ReportSubscriptionSchema);
export type ReportSubscriptionsPage = z.infer<typeof ReportSubscriptionsPageSchema>;
