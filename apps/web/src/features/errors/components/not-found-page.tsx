import { Anchor, Button, Text } from '@mantine/core';
import { IconHome, IconLinkOff, IconMapSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { StatusPage } from '../../../components/status-page';

// A magic-link sign-in that arrives too late is sent here with this origin (spec 2 section 2.7).
export const MAGIC_LINK_ORIGIN = 'magic-link';

// Trans fills this element's children with the translated link text.
function MagicLinkAnchor({ children }: { children?: ReactNode }) {
  return (
    <Anchor component={Link} to="/login/magic" fw={600}>
      {children}
    </Anchor>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();

  if (params.get('origin') === MAGIC_LINK_ORIGIN) {
    return (
      <StatusPage
        color="orange"
        icon={<IconLinkOff size={34} stroke={1.5} />}
        title={t('notFound.magicLinkTitle')}
        description={
          <Trans
            t={t}
            i18nKey="notFound.magicLinkMessage" // Not <link>: the parser treats that HTML tag as void and drops its text.
            components={{ cta: <MagicLinkAnchor /> }}
          />
        }
      >
        <Text fz="sm" c="dimmed">
          {t('notFound.magicLinkExpiry')}
        </Text>
      </StatusPage>
    );
  }

  return (
    <StatusPage
      icon={<IconMapSearch size={34} stroke={1.5} />}
      eyebrow={t('notFound.code')}
      title={t('notFound.title')}
      description={t('notFound.description')}
      actions={
        <Button component={Link} to="/" leftSection={<IconHome size={16} />}>
          {t('common.goHome')}
        </Button>
      }
    />
  );
}
