import type { SearchResult } from '@attest/shared';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { matchLabel } from '../lib/match-label';
import { HighlightedSnippet } from './highlighted-snippet';

// One result: the workflow's name, where the words matched, and the matched text highlighted.
export function SearchResultBody({ result }: { result: SearchResult }) {
  const { t } = useTranslation();
  const { match } = result;
  const nameMatched = match.source === 'name';
  return (
    <Stack gap={2} miw={0} style={{ flex: 1 }}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        {nameMatched ? (
          <HighlightedSnippet match={match} fw={600} fz="sm" truncate="end" />
        ) : (
          <Text fw={600} fz="sm" truncate="end" dir="auto">
            {result.workflow_name}
          </Text>
        )}
        {result.status ? (
          <Badge variant="light" color="gray" size="sm" style={{ flexShrink: 0 }}>
            {result.status.name}
          </Badge>
        ) : null}
      </Group>
      <Text fz="xs" c="gray.7">
        {/* A match on the id marks the id itself rather than repeating it as a snippet. */}
        {match.source === 'id' ? <mark>{`#${result.workflow_id}`}</mark> : `#${result.workflow_id}`}
        {` · ${result.region.name} · ${matchLabel(t, match)}`}
      </Text>
      {nameMatched || match.source === 'id' ? null : (
        <HighlightedSnippet match={match} fz="xs" lineClamp={2} />
      )}
    </Stack>
  );
}
