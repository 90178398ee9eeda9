import type { SearchMatch } from '@attest/shared';
import { Text, type TextProps } from '@mantine/core';
import { snippetParts } from '../lib/highlight';

export type HighlightedSnippetProps = TextProps & { match: Pick<SearchMatch, 'snippet' | 'highlights'> };

// The matched words in <mark>, which screen readers and high-contrast modes show as such.
export function HighlightedSnippet({ match, ...props }: HighlightedSnippetProps) {
  return (
    <Text dir="auto" {...props}>
      {snippetParts(match.snippet, match.highlights).map((part, index) =>
        part.marked ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one snippet never reorder.
          <mark key={index}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={index}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
