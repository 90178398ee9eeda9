import {
  EmbedUrlSchema,
  type HeaderLink,
  HeaderLinkSchema,
  LogoUrlSchema,
  MAX_HEADER_LINKS,
} from '@attest/shared';

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
