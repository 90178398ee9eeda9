// How many results the palette and the page ask for (the server allows 1..SEARCH_LIMIT_MAX).
export const PALETTE_LIMIT = 8;
export const PAGE_LIMIT = 50;
