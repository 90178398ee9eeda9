import type { ReactNode } from 'react';

// Unicode First Strong Isolate and Pop Directional Isolate: the text between takes the direction of
// its own first strong character and does not reorder the sentence around it.
const FSI = '\u2068';
const PDI = '\u2069';

type UserTextProps = {
  children: ReactNode;
  className?: string;
  // The whole text, for a hover title on a truncated name.
  title?: string;
};

// What a person or a tenant typed (a workflow, person, tenant, report or filter name, a comment, an
// answer, a status label from a definition) shown inside an interface of another direction: in
// Arabic "Orbital Systems Corp." must keep its full stop at its end, and a Hebrew name in an English
// sentence must not pull the words after it. <bdi> isolates it and lets it find its own direction;
// blocks of user text (paragraphs, cells of their own) take dir="auto" instead.
export function UserText({ children, className, title }: UserTextProps) {
  return (
    <bdi className={className} title={title}>
      {children}
    </bdi>
  );
}

// The same isolation for text that ends up in a string rather than an element: a value interpolated
// into a translated sentence (t('…', { name: isolate(name) })), an aria-label, a document title, SVG
// text. Empty values stay empty, so "no name" checks keep working.
export function isolate(text: string | number | null | undefined): string {
  if (text === null || text === undefined || text === '') return '';
  return `${FSI}${text}${PDI}`;
}
