import { Anchor, Center, useDirection } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SIGN_IN_ROUTES, withNext } from '../lib/sign-in-paths';

export function BackToSignIn({ next }: { next: string | null }) {
  const { t } = useTranslation();
  // 'Back' points the way the page reads.
  const Arrow = useDirection().dir === 'rtl' ? IconArrowRight : IconArrowLeft;
  return (
    <Center>
      <Anchor component={Link} to={withNext(SIGN_IN_ROUTES.login, next)} fz="sm" c="dimmed">
        <Arrow size={14} style={{ verticalAlign: 'middle', marginInlineEnd: 6 }} />
        {t('auth.backToSignIn')}
      </Anchor>
    </Center>
  );
}
