import { notifications } from '@mantine/notifications';
import { createElement, Fragment, type ReactNode } from 'react';
import { withIsolatedNames } from '../../components/user-text';
import { i18n } from '../i18n/i18n';

type ToastOptions = {
  // A stable id keeps a repeated failure (ten calls, one cause) to one toast.
  id?: string;
  values?: Record<string, string | number>;
  // Extra line under the title, already translated (e.g. a server message).
  message?: string;
  autoClose?: number | false;
  loading?: boolean;
  // A control under the message, e.g. a link to what the toast is about (a real-time notification).
  action?: ReactNode;
};

export type ToastTone = 'info' | 'success' | 'warning' | 'error';

const COLOR: Record<ToastTone, string> = { info: 'blue', success: 'teal', warning: 'orange', error: 'red' };

function show(tone: ToastTone, key: string, options: ToastOptions = {}): void {
  // A name given isolate()d (a workflow, step or person in the sentence) sits in a <bdi> of its own.
  const title = withIsolatedNames(i18n.t(key, options.values));
  const text = options.message === undefined ? title : withIsolatedNames(options.message);
  notifications.show({
    id: options.id,
    color: COLOR[tone],
    title: options.message ? title : undefined,
    // The sentence in an element of its own, apart from its action (Undo, View).
    message: options.action
      ? createElement(Fragment, null, createElement('span', null, text), options.action)
      : text,
    autoClose: options.autoClose,
    loading: options.loading,
    withBorder: true,
    // Mantine's close button is an icon without a name; axe counts that as a serious violation.
    closeButtonProps: { 'aria-label': i18n.t('toasts.dismiss') },
  });
}

// Titles are translation keys: every user-visible toast goes through i18n.
export const toast = {
  info: (key: string, options?: ToastOptions) => show('info', key, options),
  success: (key: string, options?: ToastOptions) => show('success', key, options),
  warning: (key: string, options?: ToastOptions) => show('warning', key, options),
  error: (key: string, options?: ToastOptions) => show('error', key, options),
  at: (tone: ToastTone, key: string, options?: ToastOptions) => show(tone, key, options),
};
