// Spec 2 §2.7 view modes, chosen by the `?view=` parameter; anything else is normal.
export const VIEW_MODES = ['normal', 'fullScreen_dashboard', 'fullScreen', 'preview'] as const;
export type ViewMode = (typeof VIEW_MODES)[number];

export function viewModeOf(search: URLSearchParams): ViewMode {
  const value = search.get('view');
  return (VIEW_MODES as readonly string[]).includes(value ?? '') ? (value as ViewMode) : 'normal';
}

// Full screen hides the application's header and the page's own actions.
export function isFullScreen(mode: ViewMode): boolean {
  return mode === 'fullScreen' || mode === 'fullScreen_dashboard';
}

// Preview and full screen are for looking, not changing: no edit or delete actions.
export function showsActions(mode: ViewMode): boolean {
  return mode === 'normal';
}
