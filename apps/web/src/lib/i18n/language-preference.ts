import { readItem, writeItem } from '../storage/safe-storage';
import { STORAGE_KEYS } from '../storage/storage-keys';

// The language picked in this browser, observable so a signed-out visitor switches without a reload.
const listeners = new Set<() => void>();

export function getStoredLanguage(): string | null {
  return readItem(localStorage, STORAGE_KEYS.language);
}

export function setStoredLanguage(code: string): void {
  writeItem(localStorage, STORAGE_KEYS.language, code);
  for (const listener of listeners) listener();
}

export function subscribeStoredLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
