// Seam for spec 1 section 4 (impersonation): every response passes through here. A later issue
// remembers the impersonator-id header, reloads when it changes and refreshes the user when it goes.
export function observeResponse(_response: Response): void {}
