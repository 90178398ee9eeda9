import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/notifications/toast';
import { taskActionErrorText } from '../lib/action-error';

// Every task action ends in a toast: its success, or the server's refusal in the person's language.
export function useTaskActionFeedback() {
  const { t } = useTranslation();
  return {
    done: (key: string, values?: Record<string, string | number>) => toast.success(key, { values }),
    failed: (error: unknown) =>
      toast.error('tasks.toasts.failed', { message: taskActionErrorText(error, t) }),
  };
}
