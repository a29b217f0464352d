import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database';

export interface Branding { logoLogin?: string; logoNav?: string }

export function settingsRepository(db: Database) {
  const get = async <T>(key: string): Promise<T | null> => {
    const rows = await db.query<{ value: T }>('SELECT value FROM app_settings WHERE key = $1', [key]);
    return rows.length ? rows[0].value : null;
  };
  return {
    get,
    async set(key: string, value: unknown): Promise<void> {
      await db.query(
        `INSERT INTO app_settings (key, value, updated_at) VALUES ($1, $2::jsonb, now())
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
        [key, JSON.stringify(value)],
      );
    },
    /**
     * The token-signing secret: made once and kept in the database, so restarts keep sessions and every instance
     * on one PostgreSQL agrees. Concurrent first starts race on the insert; all read back the winner.
     */
    async jwtSecret(): Promise<string> {
      await db.query(`INSERT INTO app_settings (key, value) VALUES ('jwt.secret', $1::jsonb) ON CONFLICT (key) DO NOTHING`, [
        JSON.stringify(randomBytes(48).toString('base64url')),
      ]);
      const secret = await get<string>('jwt.secret');
      if (!secret) throw new Error('jwt.secret missing after insert');
      return secret;
    },
    async passwordMaxAgeDays(): Promise<number> {
      const policy = await get<{ maxAgeDays?: number }>('password.policy');
      return policy?.maxAgeDays ?? 90;
    },
    branding: () => get<Branding>('branding'),
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;
