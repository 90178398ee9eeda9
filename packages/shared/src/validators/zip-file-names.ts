// Spec 1 §5: "forbidden file-name characters become underscores". The set is what Windows forbids
// (the strictest common file system) plus control characters; '/' and '\' would also make a
// zip entry a path, so a name can never escape its folder on extraction.
const FORBIDDEN_CHARACTERS = new Set(['\\', '/', ':', '*', '?', '"', '<', '>', '|']);
const DEL = 0x7f;

function isForbidden(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === DEL || FORBIDDEN_CHARACTERS.has(character);
}

export function sanitiseZipFileName(name: string): string {
  let sanitised = '';
  for (const character of name) sanitised += isForbidden(character) ? '_' : character;
  return sanitised;
}

// The extension is from the last dot; a leading dot ('.env') is part of the name, not an extension.
function splitExtension(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return { stem: name, extension: '' };
  return { stem: name.slice(0, dot), extension: name.slice(dot) };
}

// Windows and macOS extract case-insensitively, so 'A.pdf' and 'a.pdf' would overwrite each other.
function key(name: string): string {
  return name.toLowerCase();
}

// Spec 1 §5: "duplicate file names get a counter in parentheses": a.pdf, a (1).pdf, a (2).pdf.
// The first occurrence keeps its name. A generated name skips every name already used and every
// name given in the input, so it never takes the name of a later file.
export function uniqueZipFileNames(names: readonly string[]): string[] {
  const given = new Set(names.map(key));
  const used = new Set<string>();
  return names.map((name) => {
    if (!used.has(key(name))) {
      used.add(key(name));
      return name;
    }
    const { stem, extension } = splitExtension(name);
    let counter = 1;
    let candidate = `${stem} (${counter})${extension}`;
    while (used.has(key(candidate)) || given.has(key(candidate))) {
      counter += 1;
      candidate = `${stem} (${counter})${extension}`;
    }
    used.add(key(candidate));
    return candidate;
  });
}

// Sanitise before de-duplicating: 'a:b.pdf' and 'a?b.pdf' both become 'a_b.pdf'.
export function zipEntryNames(names: readonly string[]): string[] {
  return uniqueZipFileNames(names.map(sanitiseZipFileName));
}
