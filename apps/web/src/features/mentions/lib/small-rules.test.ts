import { HttpError, MENTION_MESSAGES } from '@attest/shared';
import { describe, expect, it } from 'vitest';
import { conversationPath } from './conversation-path';
import { nearEnd } from './infinite-scroll';
import { messageErrorText } from './message-error-text';

describe('nearEnd (spec 1 §9: infinite-scroll threshold 250)', () => {
  it('is true within 250 px of the end', () => {
    expect(nearEnd({ scrollTop: 0, scrollHeight: 1000, clientHeight: 700 })).toBe(false);
    expect(nearEnd({ scrollTop: 50, scrollHeight: 1000, clientHeight: 700 })).toBe(true);
    expect(nearEnd({ scrollTop: 0, scrollHeight: 500, clientHeight: 700 })).toBe(true);
  });
});

describe('conversationPath', () => {
  it('opens the thread and selects its step when it has one', () => {
    const workflow = { id: 7, name: 'W' };
    expect(conversationPath({ workflow, thread: 3, step: { tag: 'intake', name: 'Intake' } })).toBe(
      '/process/7?step=intake&thread=3',
    );
    expect(conversationPath({ workflow, thread: 3, step: null })).toBe('/process/7?thread=3');
  });
});

describe('messageErrorText', () => {
  const t = (key: string, options?: Record<string, unknown>) =>
    `${key}${options ? JSON.stringify(options) : ''}`;
  it('names the people who cannot see the workflow', () => {
    const error = new HttpError(400, `${MENTION_MESSAGES.cannotSee} Bo Chen, Dee`);
    expect(messageErrorText(error, t)).toBe(
      'mentions.errors.cannotSee{"names":"\u2068Bo Chen\u2069, \u2068Dee\u2069"}',
    );
  });
  it('translates the other refusals and falls back to a generic failure', () => {
    expect(messageErrorText(new HttpError(400, MENTION_MESSAGES.unknownMention), t)).toBe(
      'mentions.errors.unknownMention',
    );
    expect(messageErrorText(new HttpError(404, 'Not found.'), t)).toBe('mentions.errors.notFound');
    expect(messageErrorText(new Error('boom'), t)).toBe('mentions.errors.sendFailed');
  });
});
