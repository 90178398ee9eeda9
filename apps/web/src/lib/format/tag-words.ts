// A definition's tag ('sanctions_hit') is for machines: where the definition gives no label (alert
// tags), a person reads it as words ('Sanctions hit'), never as the tag.
export function tagWords(tag: string): string {
  const words = tag.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
