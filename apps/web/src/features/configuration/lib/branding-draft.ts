import {
  type Branding,
  type BrandingUpdate,
  type HeaderLink,
  isHexColor,
  isSafeLinkUrl,
  MAX_HEADER_LINKS,
} from '@attest/shared';

// Settings > Branding's form: every text as typed (empty = none), checked with the shared rules the
// server applies (spec 1 §5: URL check, hex colour with 3 or 6 digits) before anything is sent.
export type BrandingDraft = {
  name: string;
  brand_color: string;
  banner_enabled: boolean;
  banner_message: string;
  banner_color: string;
  header_links: HeaderLink[];
  // Spec 1 §2: the user menu's support links (not shown to supplier users).
  support_links: HeaderLink[];
  region_placeholder: string;
  business_placeholder: string;
};

export function draftOf(branding: Branding): BrandingDraft {
  return {
    name: branding.name,
    brand_color: branding.brand_color ?? '',
    banner_enabled: branding.banner_enabled,
    banner_message: branding.banner_message ?? '',
    banner_color: branding.banner_color ?? '',
    header_links: branding.header_links,
    support_links: branding.support_links,
    region_placeholder: branding.filter_placeholders.Region ?? '',
    business_placeholder: branding.filter_placeholders.Business ?? '',
  };
}

const orNull = (value: string) => value.trim() || null;
const trimmedLinks = (links: HeaderLink[]) =>
  links.map((link) => ({ ...link, label: link.label.trim(), url: link.url.trim() }));

export function updateOf(draft: BrandingDraft): Required<Omit<BrandingUpdate, 'logo' | 'report_embed_url'>> {
  return {
    name: draft.name.trim(),
    brand_color: orNull(draft.brand_color),
    banner_enabled: draft.banner_enabled,
    banner_message: orNull(draft.banner_message),
    banner_color: orNull(draft.banner_color),
    header_links: trimmedLinks(draft.header_links),
    support_links: trimmedLinks(draft.support_links),
    filter_placeholders: {
      Region: orNull(draft.region_placeholder),
      Business: orNull(draft.business_placeholder),
    },
  };
}

// Field name (links as 'header_links.0.url', as the server names them) -> translation key.
export type DraftErrors = Record<string, string>;

export function draftErrors(draft: BrandingDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.name.trim()) errors.name = 'admin.branding.errors.nameRequired';
  for (const field of ['brand_color', 'banner_color'] as const) {
    const value = draft[field].trim();
    if (value && !isHexColor(value)) errors[field] = 'admin.branding.errors.color';
  }
  if (draft.banner_enabled && !draft.banner_message.trim()) {
    errors.banner_message = 'admin.branding.errors.bannerMessage';
  }
  for (const field of ['header_links', 'support_links'] as const) {
    draft[field].forEach((link, index) => {
      if (!link.label.trim()) errors[`${field}.${index}.label`] = 'admin.branding.errors.linkLabel';
      if (!isSafeLinkUrl(link.url.trim())) errors[`${field}.${index}.url`] = 'admin.branding.errors.linkUrl';
    });
    if (draft[field].length > MAX_HEADER_LINKS) errors[field] = 'admin.branding.errors.tooManyLinks';
  }
  return errors;
}

// What the preview shows: the banner only when on and with a message, as the header does.
export function previewOf(draft: BrandingDraft, logo: string | null) {
  const message = draft.banner_message.trim();
  return {
    name: draft.name.trim() || '…',
    logo,
    brandColor: isHexColor(draft.brand_color.trim()) ? draft.brand_color.trim() : null,
    banner: draft.banner_enabled && message ? { message, color: orNull(draft.banner_color) } : null,
    links: draft.header_links.filter((link) => link.label.trim() && isSafeLinkUrl(link.url.trim())),
  };
}

export type BrandingPreview = ReturnType<typeof previewOf>;
