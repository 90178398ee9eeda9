import { BRANDING_LIMITS, type Branding, HttpError } from '@attest/shared';
import {
  Alert,
  Box,
  Button,
  ColorInput,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notifications/toast';
import { useBranding, useUpdateBranding } from '../api/branding';
import {
  type BrandingDraft,
  type BrandingPreview,
  draftErrors,
  draftOf,
  previewOf,
  updateOf,
} from '../lib/branding-draft';
import { failureText } from '../lib/failure-text';
import { LinksEditor } from './links-editor';
import { LogoField } from './logo-field';
import { SettingsPage } from './settings-page';
import { Section } from './settings-section';

// Colours people often pick for a brand or a notice; any other hex colour can be typed.
const SWATCHES = ['#1971c2', '#0c8599', '#2f9e44', '#e8590c', '#c2255c', '#6741d9', '#fff3bf', '#ffe3e3'];

export type BrandingPageProps = {
  // The header drawn from the unsaved values; the app composes it from the shell (HeaderPreview).
  renderPreview: (preview: BrandingPreview) => ReactNode;
};

// Settings > Branding (issue 19): the name, logo, colours, banner, header links and filter
// placeholders every page of the tenant shows, with a live preview of the header.
export function BrandingPage({ renderPreview }: BrandingPageProps) {
  const { t } = useTranslation();
  return (
    <SettingsPage
      title={t('admin.branding.title')}
      description={t('admin.branding.description')}
      query={useBranding()}
    >
      {(branding) => <BrandingForm branding={branding} renderPreview={renderPreview} />}
    </SettingsPage>
  );
}

function BrandingForm({ branding, renderPreview }: { branding: Branding } & BrandingPageProps) {
  const { t } = useTranslation();
  const save = useUpdateBranding();
  const [draft, setDraft] = useState(() => draftOf(branding));
  const [checked, setChecked] = useState(false);
  const set = <K extends keyof BrandingDraft>(name: K, value: BrandingDraft[K]) =>
    setDraft((current) => ({ ...current, [name]: value }));

  const errors = draftErrors(draft);
  const serverErrors = save.error instanceof HttpError ? save.error.fieldErrors : undefined;
  // Problems show once the person tries to save, then update as they type.
  const errorOf = (field: string) =>
    (checked && errors[field] ? t(errors[field]) : undefined) ?? serverErrors?.[field]?.join(' ');
  const dirty = JSON.stringify(updateOf(draft)) !== JSON.stringify(updateOf(draftOf(branding)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(errors).length > 0) return;
    save.mutate(updateOf(draft), {
      onSuccess: (saved) => {
        setDraft(draftOf(saved));
        setChecked(false);
        toast.success('admin.saved');
      },
    });
  };

  return (
    <Stack gap="lg">
      {/* Full width, as the header is; it stays in view below the app's header while the form scrolls. */}
      <Box pos="sticky" top="calc(var(--app-shell-header-offset, 0px) + 8px)" style={{ zIndex: 3 }}>
        <Section title={t('admin.branding.preview')} hint={t('admin.branding.previewHint')}>
          {renderPreview(previewOf(draft, branding.logo))}
        </Section>
      </Box>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg" maw={820}>
          <Section title={t('admin.branding.identity')}>
            <TextInput
              label={t('admin.branding.name')}
              description={t('admin.branding.nameHint')}
              required
              maxLength={BRANDING_LIMITS.name}
              value={draft.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errorOf('name')}
            />
            <LogoField logo={branding.logo} name={draft.name} />
          </Section>

          <Section title={t('admin.branding.colours')}>
            <ColorInput
              label={t('admin.branding.brandColor')}
              description={t('admin.branding.brandColorHint')}
              placeholder="#1971c2"
              format="hex"
              swatches={SWATCHES}
              eyeDropperButtonProps={{ 'aria-label': t('admin.branding.pickColour') }}
              dir="ltr"
              value={draft.brand_color}
              onChange={(value) => set('brand_color', value)}
              error={errorOf('brand_color')}
            />
          </Section>

          <Section title={t('admin.branding.banner')}>
            <Switch
              label={t('admin.branding.bannerEnabled')}
              description={t('admin.branding.bannerEnabledHint')}
              checked={draft.banner_enabled}
              onChange={(e) => set('banner_enabled', e.currentTarget.checked)}
            />
            <Textarea
              label={t('admin.branding.bannerMessage')}
              autosize
              minRows={2}
              maxLength={BRANDING_LIMITS.bannerMessage}
              value={draft.banner_message}
              onChange={(e) => set('banner_message', e.currentTarget.value)}
              error={errorOf('banner_message')}
            />
            <ColorInput
              label={t('admin.branding.bannerColor')}
              description={t('admin.branding.bannerColorHint')}
              placeholder="#fff3bf"
              format="hex"
              swatches={SWATCHES}
              eyeDropperButtonProps={{ 'aria-label': t('admin.branding.pickColour') }}
              dir="ltr"
              value={draft.banner_color}
              onChange={(value) => set('banner_color', value)}
              error={errorOf('banner_color')}
            />
          </Section>

          <Section title={t('admin.branding.headerLinks')}>
            <LinksEditor
              field="header_links"
              links={draft.header_links}
              onChange={(links) => set('header_links', links)}
              errorOf={errorOf}
            />
          </Section>

          <Section title={t('admin.branding.supportLinks')} hint={t('admin.branding.supportLinksHint')}>
            <LinksEditor
              field="support_links"
              links={draft.support_links}
              onChange={(links) => set('support_links', links)}
              errorOf={errorOf}
            />
          </Section>

          <Section title={t('admin.branding.placeholders')} hint={t('admin.branding.placeholdersHint')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('admin.branding.regionPlaceholder')}
                placeholder={t('dashboard.filters.anyRegion')}
                maxLength={BRANDING_LIMITS.placeholder}
                value={draft.region_placeholder}
                onChange={(e) => set('region_placeholder', e.currentTarget.value)}
                error={errorOf('filter_placeholders.Region')}
              />
              <TextInput
                label={t('admin.branding.businessPlaceholder')}
                placeholder={t('dashboard.filters.anyBusinessUnit')}
                maxLength={BRANDING_LIMITS.placeholder}
                value={draft.business_placeholder}
                onChange={(e) => set('business_placeholder', e.currentTarget.value)}
                error={errorOf('filter_placeholders.Business')}
              />
            </SimpleGrid>
          </Section>

          {save.error && !serverErrors && (
            <Alert color="red" variant="light">
              {failureText(save.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={!dirty || save.isPending}
              onClick={() => setDraft(draftOf(branding))}
            >
              {t('admin.discardChanges')}
            </Button>
            <Button type="submit" loading={save.isPending} disabled={!dirty}>
              {t('admin.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
