// Spec 2 §9.3: the standard debounce.
export const DEBOUNCE_MS = 650;
