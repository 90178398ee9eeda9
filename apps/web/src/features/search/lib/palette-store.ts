import { createSpotlight } from '@mantine/spotlight';

// The palette's own store, so the header button and Ctrl+K / Cmd+K open the same one.
export const [searchPaletteStore, searchPalette] = createSpotlight();

export const openSearchPalette = () => searchPalette.open();

// Spotlight selects the first row when the query changes, but our rows arrive later (debounced,
// from the server): the first of them is selected again so Enter opens the best match. Spotlight
// does not export its own selectAction, so this does the same on its store and list.
export function selectFirstResult(store = searchPaletteStore): void {
  const { listId } = store.getState();
  const list = listId ? document.getElementById(listId) : null;
  if (!list) return;
  list.querySelector('[data-selected]')?.removeAttribute('data-selected');
  list.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
  store.updateState((state) => ({ ...state, selected: 0 }));
}
