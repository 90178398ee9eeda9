import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n';

type ToastOptions = {
  // A stable id keeps a repeated failure (ten calls, one cause) to one toast.
  id?: string;
  values?: Record<string, string | number>;
  // Extra line under the title, already translated (e.g. a server message).
  message?: string;
  autoClose?: number | false;
  loading?: boolean;
};

type Tone = 'info' | 'success' | 'warning' | 'error';

const COLOR: Record<Tone, string> = { info: 'blue', success: 'teal', warning: 'orange', error: 'red' };

function show(tone: Tone, key: string, options: ToastOptions = {}): void {
  const title = i18n.t(key, options.values);
  notifications.show({
    id: options.id,
    color: COLOR[tone],
    title: options.message ? title : undefined,
    message: options.message ?? title,
    autoClose: options.autoClose,
    loading: options.loading,
    withBorder: true,
  });
}

// Titles are translation keys: every user-visible toast goes through i18n.
export const toast = {
  info: (key: string, options?: ToastOptions) => show('info', key, options),
  success: (key: string, options?: ToastOptions) => show('success', key, options),
  warning: (key: string, options?: ToastOptions) => show('warning', key, options),
  error: (key: string, options?: ToastOptions) => show('error', key, options),
};
