import { Switch, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useChangeSubscription, useThreadSubscription } from '../../api/subscription';

// Spec 1 §4: subscribed = an e-mail for every comment; otherwise only when tagged.
export function SubscriptionToggle({ threadId }: { threadId: number }) {
  const { t } = useTranslation();
  const state = useThreadSubscription(threadId);
  const change = useChangeSubscription(threadId);
  if (!state.isSuccess) return null;
  const subscribed = change.isPending ? Boolean(change.variables) : state.data.subscribed;
  return (
    <Tooltip
      label={subscribed ? t('mentions.subscription.onHint') : t('mentions.subscription.offHint')}
      multiline
      w={260}
      withArrow
    >
      <Switch
        size="sm"
        checked={subscribed}
        disabled={change.isPending}
        onChange={(event) => change.mutate(event.currentTarget.checked)}
        label={t('mentions.subscription.follow')}
      />
    </Tooltip>
  );
}
