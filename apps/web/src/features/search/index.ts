// The search feature's public face (issue 16): the Ctrl+K / Cmd+K palette, the function that opens
// it (the header's button) and the /search page, which the router loads lazily.
export { SearchPalette } from './components/search-palette';
export { openSearchPalette } from './lib/palette-store';
