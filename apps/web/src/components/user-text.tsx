import { createElement, Fragment, type ReactNode } from 'react';

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

// A name isolated by isolate(), with its marks.
const ISOLATED_NAME = /(\u2068[^\u2068\u2069]*\u2069)/;

// A translated sentence whose names were interpolated with isolate(), shown as elements: each name
// in a <bdi> of its own, the words around it in the page's direction. One translation serves both
// the sentence on screen and its string uses (a toast, an aria-label), and no locale carries markup.
export function IsolatedText({ text }: { text: string }) {
  let offset = 0;
  return text
    .split(ISOLATED_NAME)
    .filter((part) => part !== '')
    .map((part) => {
      const key = offset;
      offset += part.length;
      if (part.startsWith(FSI) && part.endsWith(PDI)) return <bdi key={key}>{part.slice(1, -1)}</bdi>;
      return <Fragment key={key}>{part}</Fragment>;
    });
}

// The same for a text that may or may not name anything (a toast, a dialog): a sentence without an
// isolated name stays a plain string.
export function withIsolatedNames(text: string): ReactNode {
  return text.includes(FSI) ? createElement(IsolatedText, { text }) : text;
}
