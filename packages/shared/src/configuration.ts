import { z } from 'zod';
import { BRAND_KEYS } from './brands.js';

// GET customers/configuration/ (spec 1 sections 3 and 7). Field names follow the spec exactly.
export const SPECIAL_FEATURES = ['PERSONALISED_HOMEPAGE', 'NEW_UI_ENABLED'] as const;
export const FEATURE_TOGGLES = [
  'ENABLE_NEW_AUTH_FLOW',
  'ENABLE_PROCESS_OVERVIEW',
  'ENABLE_WORKFLOW_LINK_DELINK_FEATURE',
] as const;

export const HeaderLinkSchema = z.object({
  label: z.string().min(1).max(60),
  url: z.string().min(1).max(2048),
});
export type HeaderLink = z.infer<typeof HeaderLinkSchema>;

export const CustomUiLabelsSchema = z.object({
  banner_message: z.string().max(500).nullable(),
  trigger: z.boolean(),
  color: z.string().nullable(),
  brandColor: z.string().nullable(),
  header_links: z.array(HeaderLinkSchema).max(10),
  specialFeatures: z.array(z.string()),
  filter_placeholders: z.object({ Region: z.string().nullable(), Business: z.string().nullable() }),
});
export type CustomUiLabels = z.infer<typeof CustomUiLabelsSchema>;

export const SupportedLanguageSchema = z.object({
  code: z.string(),
  name: z.string(),
  nativeName: z.string(),
});

export const ConfigurationSchema = z.object({
  name: z.string(),
  tenant: z.string(),
  brand: z.enum(BRAND_KEYS as [string, ...string[]]),
  brand_title: z.string(),
  brand_copyright: z.string(),
  logo: z.string().nullable(),
  supported_languages: z.array(z.string()),
  supported_languages_json: z.array(SupportedLanguageSchema),
  default_language: z.string(),
  custom_ui_labels: CustomUiLabelsSchema,
  feature_toggles: z.record(z.string(), z.boolean()),
  configuration: z.object({
    is_maintenance_mode_enabled: z.boolean(),
    message_on_maintenance_page: z.string().nullable(),
    // When the maintenance is expected to end; the maintenance page counts down to it.
    maintenance_end_time: z.string().nullable(),
  }),
  report_embed_url: z.string().nullable(),
  support_links: z.array(HeaderLinkSchema),
});
export type Configuration = z.infer<typeof ConfigurationSchema>;
