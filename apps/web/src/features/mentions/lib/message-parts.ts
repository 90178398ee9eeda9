import { MENTION_TOKEN_PATTERN } from '@attest/shared';

export type MessagePart =
  | { type: 'text'; start: number; text: string }
  | { type: 'mention'; start: number; kind: 'user' | 'group'; id: number; name: string };

// A body is plain text with mention tokens in it (shared MENTION_TOKEN_PATTERN). It is split into
// text and mentions so the UI renders React text and chips: nothing in a body is ever HTML.
export function messageParts(body: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let last = 0;
  for (const match of body.matchAll(new RegExp(MENTION_TOKEN_PATTERN.source, 'g'))) {
    const start = match.index ?? 0;
    if (start > last) parts.push({ type: 'text', start: last, text: body.slice(last, start) });
    parts.push({
      type: 'mention',
      start,
      kind: match[2] === 'group' ? 'group' : 'user',
      id: Number(match[3]),
      name: match[1] ?? '',
    });
    last = start + match[0].length;
  }
  if (last < body.length) parts.push({ type: 'text', start: last, text: body.slice(last) });
  return parts;
}
