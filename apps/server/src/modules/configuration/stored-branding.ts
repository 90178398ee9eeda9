import {
  type CustomUiLabels,
  EmbedUrlSchema,
  type HeaderLink,
  HeaderLinkSchema,
  HexColorSchema,
  LogoUrlSchema,
  MAX_HEADER_LINKS,
} from '@attest/shared';
import { z } from 'zod';

// Issue 12, finding 8: what was stored before the rules existed, or written straight to the database,
// is checked again on every read. A bad value is dropped (the page shows the rest), never rendered.

export function safeLinks(stored: unknown): HeaderLink[] {
  if (!Array.isArray(stored)) return [];
  return stored
    .flatMap((item) => {
      const link = HeaderLinkSchema.safeParse(item);
      if (link.success) return [link.data];
      // A bad translation loses the translations, not the link (issue 14).
      const plain = HeaderLinkSchema.safeParse({ ...(item as object), label_translations: undefined });
      return plain.success ? [plain.data] : [];
    })
    .slice(0, MAX_HEADER_LINKS);
}

export function safeLogo(stored: string | null | undefined): string | null {
  return stored != null && LogoUrlSchema.safeParse(stored).success ? stored : null;
}

export function safeEmbedUrl(stored: string | null | undefined): string | null {
  return stored != null && EmbedUrlSchema.safeParse(stored).success ? stored : null;
}

// custom_ui_labels is edited by administrators as JSON; anything missing or malformed falls back
// to its default instead of breaking every page of the tenant. Colours go into CSS: hex only.
const StoredLabelsSchema = z.object({
  banner_message: z.string().max(500).nullable().catch(null).default(null),
  trigger: z.boolean().catch(false).default(false),
  color: HexColorSchema.nullable().catch(null).default(null),
  brandColor: HexColorSchema.nullable().catch(null).default(null),
  header_links: z.unknown().optional().transform(safeLinks),
  specialFeatures: z.array(z.string()).catch([]).default([]),
  filter_placeholders: z
    .object({ Region: z.string().nullable().default(null), Business: z.string().nullable().default(null) })
    .catch({ Region: null, Business: null })
    .default({ Region: null, Business: null }),
});

export function storedLabels(stored: unknown): CustomUiLabels {
  return StoredLabelsSchema.parse(stored && typeof stored === 'object' ? stored : {});
}
