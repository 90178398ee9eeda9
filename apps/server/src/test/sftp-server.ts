import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.js';

// A real OpenSSH server for the scheduler's SFTP tests: Debian's sshd on a free port, a host key
// and a client key made for the run, a temporary config, and an upload folder (no chroot). It runs
// as the machine's root user (the tests run as root here and in CI), who may sign in with the key
// only. .ci/run installs openssh-server and sets REQUIRE_SFTP=1, so CI never skips these tests.
export const SSHD = '/usr/sbin/sshd';
export const sftpAvailable = () => existsSync(SSHD) && process.getuid?.() === 0;

export type SftpServer = {
  host: string;
  port: number;
  username: string;
  privateKey: string;
  hostFingerprint: string;
  // The folder uploads land in, as an absolute path on the server.
  directory: string;
  stop(): Promise<void>;
};

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startSftpServer(): Promise<SftpServer> {
  const dir = await mkdtemp(join(tmpdir(), 'attest-sshd-'));
  const directory = join(dir, 'uploads');
  await mkdir(directory);
  const keygen = (file: string) => execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', file]);
  keygen(join(dir, 'host_key'));
  keygen(join(dir, 'client_key'));
  await writeFile(join(dir, 'authorized_keys'), await readFile(join(dir, 'client_key.pub')));
  const hostFingerprint =
    execFileSync('ssh-keygen', ['-lf', join(dir, 'host_key.pub')])
      .toString()
      .split(' ')[1] ?? '';
  const port = await freePort();
  await writeFile(
    join(dir, 'sshd_config'),
    [
      `Port ${port}`,
      'ListenAddress 127.0.0.1',
      `HostKey ${join(dir, 'host_key')}`,
      `AuthorizedKeysFile ${join(dir, 'authorized_keys')}`,
      `PidFile ${join(dir, 'sshd.pid')}`,
      'PermitRootLogin prohibit-password',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'StrictModes no',
      'AllowUsers root',
      'Subsystem sftp internal-sftp',
      '',
    ].join('\n'),
  );
  // sshd's privilege separation needs this folder (a systemd unit makes it on a normal boot).
  await mkdir('/run/sshd', { recursive: true });
  const child: ChildProcess = spawn(SSHD, ['-D', '-e', '-f', join(dir, 'sshd_config')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  for (let i = 0; i < 100 && !(await listening(port)); i += 1) {
    if (child.exitCode !== null) throw new Error(`sshd exited: ${errors}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    host: '127.0.0.1',
    port,
    username: 'root',
    privateKey: await readFile(join(dir, 'client_key'), 'utf8'),
    hostFingerprint,
    directory,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
