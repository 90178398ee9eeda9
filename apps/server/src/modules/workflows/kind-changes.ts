import { createChangeTracker } from '../../platform/change-tracker.js';

// A tenant's kinds (their tags, names and current definitions) change only when a definition is
// published: caches of them (the list's kind catalogue) are stale from then on.
export const kindChanges = createChangeTracker();
