import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sanitisedHtml } from './sanitised-html';

// Issue 12, finding 8: an html answer shows images we serve, never one from another host.
describe('images in html answers', () => {
  it('keeps our own images and drops those of other hosts', () => {
    const own = `${window.location.origin}/brand/default.svg`;
    const { container } = render(
      <div>
        {sanitisedHtml(
          '<img src="/api/v1/attachments/abc/file/" alt="chart">' +
            `<img src="${own}" alt="logo">` +
            '<img src="https://tracker.evil.test/pixel.png" alt="pixel">' +
            '<img src="//tracker.evil.test/pixel.png" alt="relative">' +
            '<img src="data:image/svg+xml,<svg onload=alert(1)>" alt="data">',
        )}
      </div>,
    );
    const sources = [...container.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(sources).toEqual(['/api/v1/attachments/abc/file/', own]);
    expect(container.innerHTML).not.toContain('tracker.evil.test');
  });
});
