import type { SearchGroup } from '@attest/shared';
import { Anchor, Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { resultPath } from '../lib/result-path';
import { SearchResultBody } from './search-result-body';

export type SearchResultsProps = {
  groups: readonly SearchGroup[];
  capped: boolean;
  // Called before a result is followed (the words become a recent search).
  onOpen: () => void;
  // Narrows the search to one kind, offered when a kind has more matches than shown.
  onShowKind?: (kindId: number) => void;
};

// The /search page's results: one section per kind with its count, each result a link.
export function SearchResults({ groups, capped, onOpen, onShowKind }: SearchResultsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      {groups.map((group) => (
        <Paper
          key={group.kind.id}
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-labelledby={`search-kind-${group.kind.id}`}
        >
          <Group gap="xs" mb="sm">
            <Title order={2} fz="md" id={`search-kind-${group.kind.id}`} dir="auto">
              {group.kind.name}
            </Title>
            <Badge variant="light" color="gray" aria-label={t('search.resultCount', { count: group.count })}>
              {capped ? t('search.atLeast', { count: group.count }) : group.count}
            </Badge>
          </Group>
          {group.results.length > 0 ? (
            <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {group.results.map((result) => (
                <li key={`${result.workflow_id}-${result.match.source}-${result.match.thread_id ?? ''}`}>
                  <Anchor
                    component={Link}
                    to={resultPath(result)}
                    onClick={onOpen}
                    underline="never"
                    c="inherit"
                    display="flex"
                    py="xs"
                    px="xs"
                    style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                  >
                    <SearchResultBody result={result} />
                  </Anchor>
                </li>
              ))}
            </Stack>
          ) : null}
          {/* The answer's limit is for all kinds together: a kind may come with its count and no
              rows, and then its one line says how many matches it opens. */}
          {onShowKind && group.count > group.results.length ? (
            <Button
              variant="subtle"
              size="compact-sm"
              mt={group.results.length > 0 ? 'xs' : 0}
              onClick={() => onShowKind(group.kind.id)}
            >
              {group.results.length > 0
                ? t('search.showKind', { kind: group.kind.name })
                : t('search.showKindMatches', { count: group.count, kind: group.kind.name })}
            </Button>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}
