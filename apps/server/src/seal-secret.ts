import { loadConfig } from './config.js';
import { createSecretBox } from './platform/crypto/secret-box.js';

// Seals a secret the server must read back (a tenant's hCaptcha secret) with this deployment's
// SECRET_KEY, for operators who set it in SQL. Reads the secret from standard input, so it never
// appears in the shell history or the process list.
const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const secret = Buffer.concat(chunks).toString('utf8').trim();
if (!secret) {
  console.error('Pipe the secret to seal on standard input.');
  process.exit(1);
}
console.log(createSecretBox(loadConfig().SECRET_KEY).seal(secret));
