// The one mention token syntax, shared by the server (which decides who is mentioned) and the
// composer (which writes tokens): `@[Display name](user:123)` or `@[Group name](group:45)`.
// The display name is only a label for readers; the id decides who is mentioned.
//
// Message bodies are stored and served as PLAIN TEXT and are never rendered as HTML, so a body
// holding `<script>` or stray brackets is harmless text; the parser only looks for complete tokens.

export const MENTION_TOKEN_PATTERN = /@\[([^\]\n]{1,200})\]\((user|group):([1-9][0-9]{0,15})\)/g;

export type ParsedMentions = { userIds: number[]; groupIds: number[] };

// The distinct user and group ids of a body's tokens, in order of first appearance.
export function parseMentions(body: string): ParsedMentions {
  const users = new Set<number>();
  const groups = new Set<number>();
  for (const match of body.matchAll(MENTION_TOKEN_PATTERN)) {
    const id = Number(match[3]);
    if (!Number.isSafeInteger(id)) continue;
    (match[2] === 'user' ? users : groups).add(id);
  }
  return { userIds: [...users], groupIds: [...groups] };
}

// The token the composer inserts; brackets and newlines in a name would end the label early.
export function mentionToken(kind: 'user' | 'group', id: number, name: string): string {
  const label =
    name
      .replace(/[[\]\n]/g, ' ')
      .trim()
      .slice(0, 200) || String(id);
  return `@[${label}](${kind}:${id})`;
}
