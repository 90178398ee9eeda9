import { z } from 'zod';
import { FEATURE_TOGGLES, SPECIAL_FEATURES } from './configuration.js';
import { text } from './validators/input-limits.js';

// Issue 19, Settings > Global settings (spec 2 §9.4 "global settings"): the special features kept in
// custom_ui_labels.specialFeatures, the feature_toggles, and maintenance mode (spec 1 §2-3) with the
// message and the end time the maintenance page counts down to.
export const GLOBAL_SETTINGS_PATH = '/api/v1/admin/global-settings/';

export const MAINTENANCE_MESSAGE_MAX = 500;

export const GLOBAL_SETTINGS_MESSAGES = {
  // Spec 1 §2: without a message the maintenance page is not shown (service unavailable instead).
  maintenanceMessageRequired: 'Write the message the maintenance page shows before turning maintenance on.',
  maintenanceMessageTooLong: `The maintenance message may be at most ${MAINTENANCE_MESSAGE_MAX} characters.`,
  maintenanceEndInPast: 'The end of maintenance must be in the future.',
} as const;

export type SpecialFeature = (typeof SPECIAL_FEATURES)[number];
export type FeatureToggle = (typeof FEATURE_TOGGLES)[number];

const MaintenanceSchema = z.object({
  enabled: z.boolean(),
  message: text().nullable(),
  end_time: text().nullable(),
});

export const GlobalSettingsSchema = z.object({
  special_features: z.array(z.enum(SPECIAL_FEATURES)),
  feature_toggles: z.record(z.enum(FEATURE_TOGGLES), z.boolean()),
  maintenance: MaintenanceSchema,
});
export type GlobalSettings = z.infer<typeof GlobalSettingsSchema>;

export const MaintenanceUpdateSchema = z
  .object({
    enabled: z.boolean(),
    message: text()
      .trim()
      .max(MAINTENANCE_MESSAGE_MAX, { message: GLOBAL_SETTINGS_MESSAGES.maintenanceMessageTooLong })
      .nullable(),
    end_time: z.iso.datetime({ offset: true }).nullable(),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (!value.enabled) return;
    if (!value.message) {
      ctx.addIssue({
        code: 'custom',
        path: ['message'],
        message: GLOBAL_SETTINGS_MESSAGES.maintenanceMessageRequired,
      });
    }
    if (value.end_time && Date.parse(value.end_time) <= Date.now()) {
      ctx.addIssue({
        code: 'custom',
        path: ['end_time'],
        message: GLOBAL_SETTINGS_MESSAGES.maintenanceEndInPast,
      });
    }
  });
export type MaintenanceUpdate = z.infer<typeof MaintenanceUpdateSchema>;

// PATCH: any of the three; the special features are sent whole (the ones on), toggles one by one.
export const GlobalSettingsUpdateSchema = z
  .object({
    special_features: z.array(z.enum(SPECIAL_FEATURES)).max(SPECIAL_FEATURES.length).optional(),
    feature_toggles: z.partialRecord(z.enum(FEATURE_TOGGLES), z.boolean()).optional(),
    maintenance: MaintenanceUpdateSchema.optional(),
  })
  .strict();
export type GlobalSettingsUpdate = z.infer<typeof GlobalSettingsUpdateSchema>;
