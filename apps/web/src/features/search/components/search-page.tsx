import { SEARCH_QUERY_MAX_LENGTH, type SearchResponse } from '@attest/shared';
import {
  Box,
  Button,
  Collapse,
  Container,
  Group,
  Loader,
  Select,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListStates } from '../../../components/list-states';
import { track } from '../../../lib/analytics/track';
import { useSearch } from '../api/get-search';
import { PAGE_LIMIT } from '../api/search-schema';
import { useRecentSearches } from '../hooks/use-recent-searches';
import { DEBOUNCE_MS } from '../lib/debounce';
import { readSearchUrl, writeSearchUrl } from '../lib/search-url';
import { AdvancedSearch } from './advanced-search';
import { SearchResults } from './search-results';

type KindChoice = { value: string; label: string };

// The kinds the words were found in (from the search across all kinds), with their counts.
function kindChoices(all: SearchResponse | undefined, allLabel: string): KindChoice[] {
  return [
    { value: '', label: allLabel },
    ...(all?.groups ?? []).map((g) => ({ value: String(g.kind.id), label: `${g.kind.name} (${g.count})` })),
  ];
}

// Spec 2 §9.4 global and advanced search: /search?q=&kind=.
export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { q, kindId } = readSearchUrl(params);
  const [input, setInput] = useState(q);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const { remember } = useRecentSearches();
  // The URL wins when it changes for another reason (the palette's 'See all', the back button).
  useEffect(() => setInput((current) => (current.trim() === q.trim() ? current : q)), [q]);
  const commit = (value: string) => setParams(writeSearchUrl({ q: value, kindId }), { replace: true });
  // Spec 2 §9.3: the search runs once the person pauses typing.
  const commitLater = useDebouncedCallback(commit, DEBOUNCE_MS);

  const all = useSearch({ q, limit: PAGE_LIMIT });
  const ofKind = useSearch({ q: kindId === undefined ? '' : q, kindId, limit: PAGE_LIMIT });
  const shown = kindId === undefined ? all : ofKind;
  const choices = kindChoices(all.data, t('search.allKinds', { count: all.data?.total ?? 0 }));
  const kindName = all.data?.groups.find((g) => g.kind.id === kindId)?.kind.name;
  if (kindId !== undefined && !choices.some((c) => c.value === String(kindId))) {
    choices.push({ value: String(kindId), label: kindName ?? t('search.chosenKind') });
  }
  const hasQuery = q.trim().length > 0;

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <Title order={1} fz="h2">
          {t('search.title')}
        </Title>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            commitLater.cancel();
            commit(input);
            track('search.advanced');
            if (input.trim()) remember(input);
          }}
        >
          <Group align="end" gap="sm" wrap="wrap">
            <TextInput
              style={{ flex: '1 1 18rem' }}
              label={t('search.box.label')}
              placeholder={t('search.box.placeholder')}
              value={input}
              maxLength={SEARCH_QUERY_MAX_LENGTH}
              leftSection={<IconSearch size={16} stroke={1.5} aria-hidden />}
              rightSection={shown.isFetching ? <Loader size="xs" aria-label={t('search.loading')} /> : null}
              onChange={(event) => {
                setInput(event.currentTarget.value);
                commitLater(event.currentTarget.value);
              }}
              type="search"
              data-autofocus
            />
            <Select
              style={{ flex: '0 1 16rem' }}
              label={t('search.kindFilter')}
              data={choices}
              value={kindId === undefined ? '' : String(kindId)}
              allowDeselect={false}
              disabled={!hasQuery}
              onChange={(value) =>
                setParams(writeSearchUrl({ q, kindId: value ? Number(value) : undefined }), { replace: true })
              }
            />
            <Button type="submit">{t('search.submit')}</Button>
          </Group>
        </form>
        <div>
          <Button
            variant="subtle"
            leftSection={<IconAdjustmentsHorizontal size={16} stroke={1.5} aria-hidden />}
            onClick={() => setAdvancedOpen((open) => !open)}
            aria-expanded={advancedOpen}
            aria-controls="advanced-search"
          >
            {t('search.advanced.toggle')}
          </Button>
          <Collapse expanded={advancedOpen} id="advanced-search">
            {advancedOpen ? (
              <Box pt="sm">
                <AdvancedSearch kindId={kindId} kindName={kindName} />
              </Box>
            ) : null}
          </Collapse>
        </div>
        {hasQuery ? (
          <ListStates
            pending={shown.isPending}
            failed={shown.isError}
            empty={shown.data?.groups.length === 0}
            loadingLabel={t('search.loading')}
            failedText={t('search.failed')}
            emptyIcon={<IconSearch size={32} stroke={1.4} aria-hidden />}
            emptyTitle={t('search.noResults', { query: q.trim() })}
            emptyDescription={t('search.noResultsHint')}
          >
            <SearchResults
              groups={shown.data?.groups ?? []}
              capped={shown.data?.capped ?? false}
              onOpen={() => remember(q)}
              onShowKind={
                kindId === undefined
                  ? (id) => setParams(writeSearchUrl({ q, kindId: id }), { replace: true })
                  : undefined
              }
            />
          </ListStates>
        ) : null}
      </Stack>
    </Container>
  );
}
