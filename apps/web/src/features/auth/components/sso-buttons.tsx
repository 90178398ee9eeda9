import { Button, Divider, Skeleton, Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics/track';
import { ssoAuthorizeUrl, useSsoProviders } from '../api/get-sso-providers';

// One button per identity provider of the tenant; none, and this renders nothing.
export function SsoButtons({ next }: { next: string | null }) {
  const { t } = useTranslation();
  const providers = useSsoProviders();
  if (providers.isPending) return <Skeleton h={42} radius="md" />;
  if (!providers.data?.length) return null;
  return (
    <Stack gap="sm">
      {providers.data.map((provider) => (
        <Button
          key={provider.slug}
          component="a"
          href={ssoAuthorizeUrl(provider.slug, next)}
          // Team login (spec 2 §9.4); the page leaves, so the batch goes out on pagehide.
          onClick={() => track('login.team_login')}
          variant="default"
          size="md"
          fullWidth
          leftSection={<IconKey size={18} stroke={1.5} />}
        >
          {t('auth.sso.continueWith', { provider: provider.display_name })}
        </Button>
      ))}
      <Divider label={t('auth.or')} labelPosition="center" my={4} />
    </Stack>
  );
}
