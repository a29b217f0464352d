import { existsSync, rmSync } from 'node:fs';
import { E2E_STATE_FILE, readE2eState } from './e2e-env';

export default async function globalTeardown(): Promise<void> {
  if (!existsSync(E2E_STATE_FILE)) return;
  const state = readE2eState();
  try {
    if (state.pid) process.kill(state.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const dir of state.dirs) rmSync(dir, { recursive: true, force: true });
  rmSync(E2E_STATE_FILE, { force: true });
}
