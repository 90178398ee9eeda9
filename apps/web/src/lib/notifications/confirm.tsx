import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { withIsolatedNames } from '../../components/user-text';
import { i18n } from '../i18n/i18n';

type ConfirmOptions = {
  // Translation keys: the title and body name the thing the action changes ("Reopen “Due diligence”?").
  title: string;
  body: string;
  confirm: string;
  values?: Record<string, string | number>;
  onConfirm: () => void;
  // Above a drawer (z-index 200) when asked from inside one, overlay included.
  zIndex?: number;
};

// Every destructive or state-reversing action asks first, the same way: a red confirm button named
// after the action, with Cancel beside it.
export function confirmAction(options: ConfirmOptions): string {
  const { title, body, confirm, values, onConfirm, zIndex } = options;
  return modals.openConfirmModal({
    // Names given isolate()d each sit in a <bdi>: the dialog's name and text read as plain words.
    title: withIsolatedNames(i18n.t(title, values)),
    children: <Text fz="sm">{withIsolatedNames(i18n.t(body, values))}</Text>,
    labels: { confirm: i18n.t(confirm, values), cancel: i18n.t('common.cancel') },
    confirmProps: { color: 'red' },
    zIndex,
    onConfirm,
  });
}
