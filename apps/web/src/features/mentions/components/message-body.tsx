import { Text } from '@mantine/core';
import { Fragment } from 'react';
import { messageParts } from '../lib/message-parts';

// A message as React text with its mentions highlighted. The body is plain text: it is never
// parsed as HTML, so '<script>' or '<img onerror>' in it is shown as typed.
export function MessageBody({ body, lineClamp }: { body: string; lineClamp?: number }) {
  return (
    <Text
      fz="sm"
      lineClamp={lineClamp}
      dir="auto"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      data-testid="message-body"
    >
      {messageParts(body).map((part) =>
        part.type === 'text' ? (
          <Fragment key={part.start}>{part.text}</Fragment>
        ) : (
          <MentionChip key={part.start} kind={part.kind} name={part.name} />
        ),
      )}
    </Text>
  );
}

export function MentionChip({ kind, name }: { kind: 'user' | 'group'; name: string }) {
  return (
    <Text
      span
      inherit
      fw={600}
      c={kind === 'group' ? 'grape.8' : 'blue.8'}
      bg={kind === 'group' ? 'grape.0' : 'blue.0'}
      px={4}
      // A chip broken over two lines keeps its padding and corners on both.
      style={{ borderRadius: 4, boxDecorationBreak: 'clone', WebkitBoxDecorationBreak: 'clone' }}
      data-mention={kind}
    >
      @{name}
    </Text>
  );
}
