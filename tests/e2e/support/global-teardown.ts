import { existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { e2eStateFile, readE2eStateFile } from './e2e-env';

export default async function globalTeardown(): Promise<void> {
  const stateFile = e2eStateFile();
  if (!existsSync(stateFile)) return;
  const state = readE2eStateFile();
  for (const { pid } of state.servers) {
    try {
      if (pid) process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const dir of state.dirs) rmSync(dir, { recursive: true, force: true });
  rmSync(dirname(stateFile), { recursive: true, force: true });
}
