import { z } from 'zod';
import { BRAND_KEYS } from './brands.js';
import { TranslationsSchema } from './localized-text.js';
import { text } from './validators/input-limits.js';
import { EmbedUrlSchema, LinkUrlSchema, LogoUrlSchema } from './validators/link-url.js';

// GET customers/configuration/ (spec 1 sections 3 and 7). Field names follow the spec exactly.
export const SPECIAL_FEATURES = ['PERSONALISED_HOMEPAGE', 'NEW_UI_ENABLED'] as const;
export const FEATURE_TOGGLES = [
  'ENABLE_NEW_AUTH_FLOW',
  'ENABLE_PROCESS_OVERVIEW',
  'ENABLE_WORKFLOW_LINK_DELINK_FEATURE',
  // Spec 2 §3.4: the import_pipeline_* report columns show only with it (issue 18).
  'ENABLE_STRUCTURED_DATA_OBJECT',
] as const;

// Header and support links: http(s) or a page of this app (issue 12: never javascript: or data:).
// Issue 14: the label in other languages is optional; the web shows the reader's (localized()).
export const HeaderLinkSchema = z.object({
  label: text().min(1).max(60),
  label_translations: TranslationsSchema.optional(),
  url: LinkUrlSchema,
});
export const MAX_HEADER_LINKS = 10;
export type HeaderLink = z.infer<typeof HeaderLinkSchema>;

export const CustomUiLabelsSchema = z.object({
  banner_message: text().max(500).nullable(),
  trigger: z.boolean(),
  color: text().nullable(),
  brandColor: text().nullable(),
  header_links: z.array(HeaderLinkSchema).max(MAX_HEADER_LINKS),
  specialFeatures: z.array(text()),
  filter_placeholders: z.object({ Region: text().nullable(), Business: text().nullable() }),
});
export type CustomUiLabels = z.infer<typeof CustomUiLabelsSchema>;

export const SupportedLanguageSchema = z.object({
  code: text(),
  name: text(),
  nativeName: text(),
});

export const ConfigurationSchema = z.object({
  name: text(),
  tenant: text(),
  brand: z.enum(BRAND_KEYS as [string, ...string[]]),
  brand_title: text(),
  brand_copyright: text(),
  logo: LogoUrlSchema.nullable(),
  supported_languages: z.array(text()),
  supported_languages_json: z.array(SupportedLanguageSchema),
  default_language: text(),
  custom_ui_labels: CustomUiLabelsSchema,
  feature_toggles: z.record(text(), z.boolean()),
  configuration: z.object({
    is_maintenance_mode_enabled: z.boolean(),
    message_on_maintenance_page: text().nullable(),
    // When the maintenance is expected to end; the maintenance page counts down to it.
    maintenance_end_time: text().nullable(),
  }),
  report_embed_url: EmbedUrlSchema.nullable(),
  support_links: z.array(HeaderLinkSchema).max(MAX_HEADER_LINKS),
});
export type Configuration = z.infer<typeof ConfigurationSchema>;

export const CONFIGURATION_PATHS = {
  configuration: '/api/v1/customers/configuration/',
  branding: '/api/v1/admin/branding/',
} as const;

// admin/branding/: the tenant's links, reports embed and logo, the addresses its pages show.
export const BrandingSchema = z.object({
  logo: LogoUrlSchema.nullable(),
  report_embed_url: EmbedUrlSchema.nullable(),
  header_links: z.array(HeaderLinkSchema).max(MAX_HEADER_LINKS),
  support_links: z.array(HeaderLinkSchema).max(MAX_HEADER_LINKS),
});
export type Branding = z.infer<typeof BrandingSchema>;

// Only the fields sent change; null clears the logo or the embed.
// Strict: a body may not carry fields the endpoint does not define (platform/strict-body.ts).
export const BrandingUpdateSchema = BrandingSchema.partial().strict();
export type BrandingUpdate = z.infer<typeof BrandingUpdateSchema>;
