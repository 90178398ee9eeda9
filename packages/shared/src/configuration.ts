import { z } from 'zod';
import { BRAND_KEYS } from './brands.js';
import { findLocale } from './locales.js';
import { TranslationsSchema } from './localized-text.js';
import { HEX_COLOR_MESSAGE, isHexColor } from './validators/hex-color.js';
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
  // Issue 19: the logo is uploaded as the request's raw body, and served from the configuration
  // (public: the sign-in page shows it too).
  brandingLogo: '/api/v1/admin/branding/logo/',
  logo: '/api/v1/customers/configuration/logo/',
  languages: '/api/v1/admin/languages/',
} as const;

// admin/branding/: the tenant's links, reports embed and logo, the addresses its pages show.
// Spec 1 §5: "Hex colour accepts 3 or 6 hex digits".
export const HexColorSchema = text().refine(isHexColor, HEX_COLOR_MESSAGE);

export const BRANDING_LIMITS = { name: 100, bannerMessage: 500, placeholder: 60 } as const;
export const BRANDING_MESSAGES = {
  nameRequired: 'Enter the name people see in the header.',
} as const;

const PlaceholderSchema = text().trim().max(BRANDING_LIMITS.placeholder).nullable();

// Issue 19: what Settings > Branding edits. The colours, banner and placeholders are stored in
// custom_ui_labels under the spec's names (brandColor, color, banner_message, trigger, filter_placeholders).
export const BrandingSchema = z.object({
  name: text().trim().min(1, BRANDING_MESSAGES.nameRequired).max(BRANDING_LIMITS.name),
  logo: LogoUrlSchema.nullable(),
  report_embed_url: EmbedUrlSchema.nullable(),
  header_links: z.array(HeaderLinkSchema).max(MAX_HEADER_LINKS),
  support_links: z.array(HeaderLinkSchema).max(MAX_HEADER_LINKS),
  brand_color: HexColorSchema.nullable(),
  banner_enabled: z.boolean(),
  banner_message: text().trim().max(BRANDING_LIMITS.bannerMessage).nullable(),
  banner_color: HexColorSchema.nullable(),
  filter_placeholders: z.object({ Region: PlaceholderSchema, Business: PlaceholderSchema }),
});
export type Branding = z.infer<typeof BrandingSchema>;

// Only the fields sent change; null clears the logo or the embed.
// Strict: a body may not carry fields the endpoint does not define (platform/strict-body.ts).
export const BrandingUpdateSchema = BrandingSchema.partial().strict();
export type BrandingUpdate = z.infer<typeof BrandingUpdateSchema>;

// The logo upload (issue 19): only raster formats, recognised from the file's first bytes. SVG is
// refused: it can carry script, and the logo is shown on every page, the sign-in page included.
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];
export const LOGO_MESSAGES = {
  empty: 'The logo file is empty.',
  tooLarge: 'The logo is larger than 1 MB. Choose a smaller image.',
  notImage: 'The logo must be a PNG, JPEG or WebP image.',
} as const;

// Settings > Languages (issue 19): which catalogue locales the tenant offers, and its default.
export const LANGUAGE_MESSAGES = {
  none: 'Offer at least one language.',
  unknown: 'This language is not in the catalogue.',
  duplicate: 'Each language can be offered once.',
  defaultNotOffered: 'The default language must be one of the offered languages.',
} as const;

const LocaleCodeSchema = text()
  .max(20)
  .refine((code) => findLocale(code) !== undefined, LANGUAGE_MESSAGES.unknown);

export const LanguageSettingsSchema = z
  .object({
    supported_languages: z
      .array(LocaleCodeSchema)
      .min(1, LANGUAGE_MESSAGES.none)
      .max(100)
      .refine(
        (codes) => new Set(codes.map((c) => c.toLowerCase())).size === codes.length,
        LANGUAGE_MESSAGES.duplicate,
      ),
    default_language: LocaleCodeSchema,
  })
  .strict()
  .refine(
    (value) =>
      value.supported_languages.some((c) => c.toLowerCase() === value.default_language.toLowerCase()),
    { message: LANGUAGE_MESSAGES.defaultNotOffered, path: ['default_language'] },
  );
export type LanguageSettings = z.infer<typeof LanguageSettingsSchema>;
