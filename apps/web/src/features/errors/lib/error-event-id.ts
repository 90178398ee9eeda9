// Seam for the error-reporting service (spec 2 section 7): it will return the id of the last event
// sent, which the feedback dialog attaches. Until then there is none.
export function lastErrorEventId(): string | null {
  return null;
}
