import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { IsolatedText, isolate, UserText } from './user-text';

describe('UserText', () => {
  it('isolates a name in a <bdi>, which takes the direction of its own text', () => {
    render(
      <p dir="rtl">
        تم إنشاء <UserText title="Orbital Systems Corp.">Orbital Systems Corp.</UserText> بواسطة
      </p>,
    );
    const name = screen.getByText('Orbital Systems Corp.');
    expect(name.tagName).toBe('BDI');
    expect(name.getAttribute('title')).toBe('Orbital Systems Corp.');
    // The sentence around it keeps its words: the name is one isolated run inside it.
    expect(name.parentElement?.textContent).toBe('تم إنشاء Orbital Systems Corp. بواسطة');
  });
});

describe('isolate', () => {
  it('wraps a value in first-strong and pop isolates for a translated sentence or an SVG text', () => {
    expect(isolate('Orbital Systems Corp.')).toBe('\u2068Orbital Systems Corp.\u2069');
    expect(isolate(42)).toBe('\u206842\u2069');
  });

  it('leaves nothing as nothing, so a missing name stays missing', () => {
    expect(isolate('')).toBe('');
    expect(isolate(null)).toBe('');
    expect(isolate(undefined)).toBe('');
  });
});

describe('IsolatedText', () => {
  it('shows each isolated name of a sentence in a <bdi> of its own, without the isolate marks', () => {
    const { container } = render(
      <p dir="rtl">
        <IsolatedText text={`أنشأ ${isolate('Ana Analyst')} سير العمل ${isolate('Orbital Systems Corp.')}`} />
      </p>,
    );
    const names = [...container.querySelectorAll('bdi')].map((bdi) => bdi.textContent);
    expect(names).toEqual(['Ana Analyst', 'Orbital Systems Corp.']);
    expect(container.textContent).toBe('أنشأ Ana Analyst سير العمل Orbital Systems Corp.');
  });

  it('leaves a sentence without names as its text', () => {
    const { container } = render(<IsolatedText text="Nothing to isolate." />);
    expect(container.innerHTML).toBe('Nothing to isolate.');
  });
});
