/**
 * A PostgreSQL server of the bench's own, sized for the data it measures (`--pg-server sized`): initdb in a temporary
 * folder, started on a free loopback port with `shared_buffers` large enough to hold the seeded contacts, as a
 * server dedicated to the product would be set up (PostgreSQL's guidance: about a quarter of the machine's memory),
 * then stopped and removed. The machine's shared server keeps the packaged default, 128 MB, in which a million
 * contacts (about 400 MB of table) do not fit: every page a list reads beyond it is copied in from the system's cache.
 * Uses the server binaries of the machine's PostgreSQL packages (/usr/lib/postgresql/<version>/bin); run as root, the
 * server runs as the `postgres` user, as PostgreSQL requires.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SizedPostgres {
  url: string;
  /** The settings it runs with, as `name=value`, for the bench's output. */
  settings: string[];
  stop(): void;
}

function serverBinaries(): string {
  const versions = readdirSync('/usr/lib/postgresql').filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  if (!versions.length) throw new Error('--pg-server sized: no PostgreSQL server binaries under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startSizedPostgres(sharedBuffers: string): Promise<SizedPostgres> {
  const bin = serverBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'cm-bench-postgres-'));
  const asRoot = process.getuid?.() === 0;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  const owner = asRoot ? { uid: id('-u'), gid: id('-g') } : {};
  if (asRoot) chownSync(dir, owner.uid!, owner.gid!);
  const run = (command: string, args: string[]) => execFileSync(`${bin}/${command}`, args, { stdio: 'pipe', ...owner });
  const data = join(dir, 'data');
  const port = await freePort();
  const settings = [`shared_buffers=${sharedBuffers}`, 'effective_cache_size=12GB', 'max_connections=40'];
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    const options = [`-p ${port}`, `-k ${dir}`, "-c listen_addresses='127.0.0.1'", ...settings.map((s) => `-c ${s}`)].join(' ');
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    settings,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
