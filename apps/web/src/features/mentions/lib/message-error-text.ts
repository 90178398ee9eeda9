import { HttpError, MENTION_MESSAGES, MENTIONS_PER_MESSAGE_MAX } from '@attest/shared';
import { isolate } from '../../../components/user-text';

type Translate = (key: string, options?: Record<string, unknown>) => string;

// The server refuses a message in English (MENTION_MESSAGES); the composer says it in the user's
// language, naming the people who cannot see the workflow, each name isolated (issue 14) so that an
// English name keeps its order in an Arabic sentence.
export function messageErrorText(error: unknown, t: Translate): string {
  if (error instanceof HttpError && error.status === 400) {
    const message = error.message;
    if (message.startsWith(MENTION_MESSAGES.cannotSee)) {
      return t('mentions.errors.cannotSee', {
        names: message.slice(MENTION_MESSAGES.cannotSee.length).trim().split(', ').map(isolate).join(', '),
      });
    }
    if (message === MENTION_MESSAGES.unknownMention) return t('mentions.errors.unknownMention');
    if (message === MENTION_MESSAGES.tooMany)
      return t('mentions.errors.tooMany', { max: MENTIONS_PER_MESSAGE_MAX });
    if (message === MENTION_MESSAGES.unknownTag) return t('mentions.errors.unknownTag');
  }
  if (error instanceof HttpError && error.status === 404) return t('mentions.errors.notFound');
  return t('mentions.errors.sendFailed');
}
