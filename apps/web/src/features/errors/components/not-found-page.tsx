import { Anchor, Button, Text } from '@mantine/core';
import { IconHome, IconLinkOff, IconMapSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { StatusPage } from '../../../components/status-page';

// A magic-link sign-in that arrives too late is sent here with this origin (spec 2 section 2.7).
export const MAGIC_LINK_ORIGIN = 'magic-link';

// The message marks its link text with <cta></cta>. It is split here rather than by react-i18next's
// Trans, whose HTML parser would put about 7 KB into every page's first load (issue 14's budget),
// this page being part of the entry chunk. A translation without the marks shows as plain text.
function MagicLinkMessage({ message }: { message: string }) {
  const parts = /^(.*)<cta>(.*)<\/cta>(.*)$/s.exec(message);
  if (!parts) return message;
  const [, before, link, after] = parts;
  return (
    <>
      {before}
      <Anchor component={Link} to="/login/magic" fw={600}>
        {link}
      </Anchor>
      {after}
    </>
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
        description={<MagicLinkMessage message={t('notFound.magicLinkMessage')} />}
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
