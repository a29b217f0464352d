import { existsSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { e2eStateFile, readE2eState } from './e2e-env';

export default async function globalTeardown(): Promise<void> {
  const stateFile = e2eStateFile();
  if (!existsSync(stateFile)) return;
  const state = readE2eState();
  try {
    if (state.pid) process.kill(state.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const dir of state.dirs) rmSync(dir, { recursive: true, force: true });
  rmSync(dirname(stateFile), { recursive: true, force: true });
}
