import { describe, expect, it, vi } from 'vitest';
import { handlePreloadErrors } from './preload-error';

// Spec 2 §8: a failed dynamic import fires a preload-error event (Vite's vite:preloadError).
function page() {
  const target = new EventTarget();
  const reload = vi.fn();
  const stored = new Map<string, string>();
  const storage = {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => stored.set(k, v),
  };
  let now = 1_000_000;
  handlePreloadErrors(
    Object.assign(target, { location: { reload } }) as unknown as Parameters<typeof handlePreloadErrors>[0],
    storage,
    () => now,
  );
  const fire = () => {
    const event = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(event);
    return event;
  };
  return { reload, fire, later: (ms: number) => (now += ms) };
}

describe('handlePreloadErrors', () => {
  it('reloads once to fetch the new deployment, and stops the error', () => {
    const { reload, fire } = page();
    const event = fire();
    expect(reload).toHaveBeenCalledOnce();
    expect(event.defaultPrevented).toBe(true);
  });

  it('lets a second failure within a minute reach the error page instead of reloading again', () => {
    const { reload, fire, later } = page();
    fire();
    later(5_000);
    const again = fire();
    expect(reload).toHaveBeenCalledOnce();
    expect(again.defaultPrevented).toBe(false);
    later(60_000);
    fire();
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
