import '@mantine/spotlight/styles.css';
import './search-palette.css';
import { SEARCH_QUERY_MAX_LENGTH as SEARCH_QUERY_MAX, type SearchResult } from '@attest/shared';
import { Group, Loader, Modal, Text, useDirection, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight } from '@mantine/spotlight';
import { IconArrowLeft, IconArrowRight, IconHistory, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { track } from '../../../lib/analytics/track';
import { useSearch } from '../api/get-search';
import { PALETTE_LIMIT } from '../api/search-schema';
import { useRecentSearches } from '../hooks/use-recent-searches';
import { DEBOUNCE_MS } from '../lib/debounce';
import { searchPaletteStore, selectFirstResult } from '../lib/palette-store';
import { resultPath, searchKindPath, searchPagePath } from '../lib/result-path';
import { PaletteGroup } from './palette-group';
import { SearchResultBody } from './search-result-body';

// Ctrl+K / Cmd+K anywhere once signed in, even from a text box (the browser's own Ctrl+K is taken
// over), and the header's search button.
const SHORTCUTS = ['mod + K'];

// Spec 2 §9.4 global search: one box over names, ids, text answers and readable comments, results
// grouped by kind with the matched words highlighted. Arrow keys move, Enter opens.
export function SearchPalette() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  // Spec 2 §9.3: the server is asked once the person pauses typing.
  const [debounced] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const search = useSearch({ q: debounced, limit: PALETTE_LIMIT });
  const { recent, remember } = useRecentSearches();
  const typing = query.trim() !== debounced;
  const q = query.trim();

  const go = (path: string) => {
    // Spec 2 §9.4, global search: that it was used, never what was searched.
    track('search.global');
    if (q) remember(q);
    navigate(path);
  };
  const open = (result: SearchResult) => go(resultPath(result));
  const data = q && !typing ? search.data : undefined;
  const { dir } = useDirection();
  const Arrow = dir === 'rtl' ? IconArrowLeft : IconArrowRight;
  // New results are new rows: the first is selected again, so Enter opens the best match.
  useEffect(() => {
    if (data) selectFirstResult();
  }, [data]);

  return (
    <Spotlight.Root
      store={searchPaletteStore}
      query={query}
      onQueryChange={(value) => setQuery(value.slice(0, SEARCH_QUERY_MAX))}
      shortcut={SHORTCUTS}
      tagsToIgnore={[]}
      triggerOnContentEditable
      scrollable
      maxHeight="min(70vh, 36rem)"
      clearQueryOnClose={false}
    >
      <VisuallyHidden>
        <Modal.Title>{t('search.palette.title')}</Modal.Title>
      </VisuallyHidden>
      <Spotlight.Search
        aria-label={t('search.box.label')}
        placeholder={t('search.box.placeholder')}
        maxLength={SEARCH_QUERY_MAX}
        leftSection={<IconSearch size={20} stroke={1.5} aria-hidden />}
        rightSection={
          search.isFetching || typing ? <Loader size="xs" aria-label={t('search.loading')} /> : null
        }
      />
      <Spotlight.ActionsList>
        {!q && recent.length > 0 ? (
          <PaletteGroup label={t('search.recent.title')}>
            {recent.map((item) => (
              <Spotlight.Action
                className="attest-search-action"
                key={item}
                closeSpotlightOnTrigger={false}
                onClick={() => setQuery(item)}
                leftSection={<IconHistory size={16} stroke={1.5} aria-hidden />}
              >
                <Text fz="sm" dir="auto" truncate="end">
                  {item}
                </Text>
              </Spotlight.Action>
            ))}
          </PaletteGroup>
        ) : null}
        {!q && recent.length === 0 ? <Spotlight.Empty>{t('search.palette.hint')}</Spotlight.Empty> : null}
        {data?.groups.map((group) => (
          <PaletteGroup
            key={group.kind.id}
            label={t('search.groupLabel', { name: group.kind.name, count: group.count })}
          >
            {group.results.map((result) => (
              <Spotlight.Action
                className="attest-search-action"
                key={`${result.workflow_id}-${result.match.source}-${result.match.thread_id ?? ''}`}
                onClick={() => open(result)}
                data-testid="search-palette-result"
              >
                <SearchResultBody result={result} />
              </Spotlight.Action>
            ))}
            {/* The answer's limit is for all kinds together, so a kind can come with its count and no
                rows: it offers its own matches on the /search page rather than a bare heading. */}
            {group.results.length === 0 ? (
              <Spotlight.Action
                className="attest-search-action"
                onClick={() => go(searchKindPath(q, group.kind.id))}
                data-testid="search-palette-kind"
              >
                <Group gap="xs" wrap="nowrap">
                  <Text fz="sm" dir="auto">
                    {t('search.showKindMatches', { count: group.count, kind: group.kind.name })}
                  </Text>
                  <Arrow size={16} stroke={1.5} aria-hidden />
                </Group>
              </Spotlight.Action>
            ) : null}
          </PaletteGroup>
        ))}
        {data && data.groups.length === 0 ? (
          <Spotlight.Empty>{t('search.noResults', { query: q })}</Spotlight.Empty>
        ) : null}
        {q && search.isError && !typing ? <Spotlight.Empty>{t('search.failed')}</Spotlight.Empty> : null}
        {data && data.groups.length > 0 ? (
          <Spotlight.Action className="attest-search-action" onClick={() => go(searchPagePath(q))}>
            <Group gap="xs" wrap="nowrap">
              <Text fz="sm" fw={500}>
                {t(data.capped ? 'search.seeAllCapped' : 'search.seeAll', { count: data.total })}
              </Text>
              <Arrow size={16} stroke={1.5} aria-hidden />
            </Group>
          </Spotlight.Action>
        ) : null}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}
