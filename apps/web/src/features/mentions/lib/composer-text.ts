import { mentionToken } from '@attest/shared';
import { messageParts } from './message-parts';

// The composer shows '@Ann Lee' where the body will hold '@[Ann Lee](user:12)': people never type or
// see token syntax. It keeps which display labels stand for which token and writes the tokens back
// when sending. A label the user has edited no longer matches and is sent as plain text.
export type ComposerMention = { display: string; token: string };

export type Candidate = { type: 'user' | 'group'; id: number; name: string };

const QUERY_MAX = 40;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

// The display label for a pick; a second person of the same name gets their id after it, so two
// labels never stand for different people.
export function displayFor(candidate: Candidate, mentions: readonly ComposerMention[]): string {
  const token = mentionToken(candidate.type, candidate.id, candidate.name);
  const plain = `@${token.slice(2, token.indexOf(']('))}`;
  const taken = mentions.find((m) => m.display === plain && m.token !== token);
  return taken ? `${plain} #${candidate.id}` : plain;
}

export function addMention(
  mentions: readonly ComposerMention[],
  display: string,
  candidate: Candidate,
): ComposerMention[] {
  if (mentions.some((m) => m.display === display)) return [...mentions];
  return [...mentions, { display, token: mentionToken(candidate.type, candidate.id, candidate.name) }];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The labels still present in the text, each followed by a non-word character or the end.
function labelPattern(mentions: readonly ComposerMention[]): RegExp | null {
  if (mentions.length === 0) return null;
  const alternatives = [...mentions]
    .map((m) => m.display)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);
  return new RegExp(`(${alternatives.join('|')})(?![\\p{L}\\p{N}_])`, 'gu');
}

export function toRaw(text: string, mentions: readonly ComposerMention[]): string {
  const pattern = labelPattern(mentions);
  if (!pattern) return text;
  const byDisplay = new Map(mentions.map((m) => [m.display, m.token]));
  return text.replace(pattern, (label) => byDisplay.get(label) ?? label);
}

// The mentions whose labels are still in the text, in order of first appearance.
export function presentMentions(text: string, mentions: readonly ComposerMention[]): ComposerMention[] {
  const pattern = labelPattern(mentions);
  if (!pattern) return [];
  const seen = new Set<string>();
  const found: ComposerMention[] = [];
  for (const match of text.matchAll(pattern)) {
    const mention = mentions.find((m) => m.display === match[0]);
    if (mention && !seen.has(mention.token)) {
      seen.add(mention.token);
      found.push(mention);
    }
  }
  return found;
}

// A stored body back into composer text (editing a message).
export function fromRaw(raw: string): { text: string; mentions: ComposerMention[] } {
  let text = '';
  let mentions: ComposerMention[] = [];
  for (const part of messageParts(raw)) {
    if (part.type === 'text') {
      text += part.text;
      continue;
    }
    const candidate = { type: part.kind, id: part.id, name: part.name };
    const display = displayFor(candidate, mentions);
    mentions = addMention(mentions, display, candidate);
    text += display;
  }
  return { text, mentions };
}

// The '@query' the caret is in: an '@' at the start or after a space, then up to 40 characters on
// the same line. Null when the caret is not in one.
export function activeQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  const prev = at > 0 ? before[at - 1] : '';
  if (prev && (WORD_CHAR.test(prev) || prev === '@')) return null;
  const query = before.slice(at + 1);
  if (query.length > QUERY_MAX || query.includes('\n') || query.startsWith(' ') || query.startsWith('['))
    return null;
  if (query.split(' ').length > 3) return null;
  return { start: at, query };
}

// Replaces the '@query' with the label and a space; returns the new text and caret.
export function insertLabel(
  text: string,
  start: number,
  caret: number,
  display: string,
): { text: string; caret: number } {
  const after = text.slice(caret);
  const spacer = after.startsWith(' ') ? '' : ' ';
  const next = `${text.slice(0, start)}${display}${spacer}${after}`;
  return { text: next, caret: start + display.length + 1 };
}
