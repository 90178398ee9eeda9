import { vi } from 'vitest';

// happy-dom lays nothing out: here an element is 100 px wide and its text 10 px a character, so a text
// of more than 10 characters is cut. Returns the restore.
export function fakeTextWidths(clientWidth = 100, perCharacter = 10): () => void {
  const client = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
  const scroll = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return (this.textContent ?? '').length * perCharacter;
  });
  return () => {
    client.mockRestore();
    scroll.mockRestore();
  };
}
