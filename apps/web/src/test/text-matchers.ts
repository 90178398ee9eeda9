import type { MatcherFunction } from '@testing-library/react';

// A sentence whose names sit in <bdi>s of their own is split across elements: this matches the
// innermost element that holds the whole sentence.
export function wholeText(text: string): MatcherFunction {
  return (_content, element) =>
    element?.textContent === text && ![...element.children].some((child) => child.textContent === text);
}
