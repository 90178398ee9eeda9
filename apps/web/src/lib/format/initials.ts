type Named = { first_name: string; last_name: string; email: string };

// Avatar initials: first and last name when known, else the first letter of the e-mail.
export function initialsOf(user: Named): string {
  const fromName = `${user.first_name.trim().charAt(0)}${user.last_name.trim().charAt(0)}`;
  return (fromName || user.email.charAt(0)).toUpperCase();
}

export function displayNameOf(user: Named): string {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

// First and last initial of a display name ('Grace Brewster Hopper' -> 'GH'); '?' when empty.
export function lettersOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.charAt(0) ?? '';
  const last = words.length > 1 ? (words.at(-1)?.charAt(0) ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

// Issue 14: where two people shown together share initials (Alex Admin and Ana Analyst, 'AA'),
// each takes two letters of the surname ('AAd', 'AAn') so the letters alone tell them apart.
export function distinctLetters(names: readonly string[]): string[] {
  const plain = names.map(lettersOf);
  const counts = new Map<string, number>();
  for (const letters of plain) counts.set(letters, (counts.get(letters) ?? 0) + 1);
  return names.map((name, index) => {
    const letters = plain[index] ?? '?';
    const words = name.trim().split(/\s+/).filter(Boolean);
    const last = words.length > 1 ? words.at(-1) : undefined;
    if ((counts.get(letters) ?? 0) < 2 || !last || last.length < 2) return letters;
    return `${letters}${last.charAt(1).toLowerCase()}`;
  });
}
