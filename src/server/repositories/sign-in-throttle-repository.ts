import type { Database, Queryable } from '../db/database';

/** Keys the per-username advisory lock apart from the migration lock and any other. */
const SIGN_IN_LOCK_CLASS = 727_274_002;

/** What the throttle knows about one username and one client address at one moment. */
export interface SignInRecord {
  /** Failures of this username from this address within the window. */
  failures: number;
  lastFailureAt: Date | null;
  /** Failures of this username from every address within the window. */
  usernameFailures: number;
  /** Passwords of this username from this address being checked right now. */
  checksInFlight: number;
}

/** The failed_logins and sign_in_checks tables (migration 005). */
export function signInThrottleRepository(db: Database) {
  return {
    /**
     * Runs `work` holding the username's lock, so parallel attempts for one username read and reserve one after
     * the other. The lock lasts only for the reads and the reservation, never for the password check.
     */
    async locked<T>(username: string, work: (tx: Queryable) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SIGN_IN_LOCK_CLASS, username]);
        return work(tx);
      });
    },

    async read(tx: Queryable, username: string, ip: string, failuresSince: Date, checksSince: Date): Promise<SignInRecord> {
      const [row] = await tx.query<{ failures: number; last_failure_at: Date | null; username_failures: number; checks: number }>(
        `SELECT count(*) FILTER (WHERE ip = $2)::int AS failures,
                max(attempted_at) FILTER (WHERE ip = $2) AS last_failure_at,
                count(*)::int AS username_failures,
                (SELECT count(*)::int FROM sign_in_checks WHERE username = $1 AND ip = $2 AND started_at > $4) AS checks
         FROM failed_logins WHERE username = $1 AND attempted_at > $3`,
        [username, ip, failuresSince, checksSince],
      );
      return {
        failures: row.failures,
        lastFailureAt: row.last_failure_at ? new Date(row.last_failure_at) : null,
        usernameFailures: row.username_failures,
        checksInFlight: row.checks,
      };
    },

    async startCheck(tx: Queryable, username: string, ip: string, at: Date): Promise<number> {
      const [row] = await tx.query<{ id: number }>('INSERT INTO sign_in_checks (username, ip, started_at) VALUES ($1, $2, $3) RETURNING id', [username, ip, at]);
      return row.id;
    },

    /** A wrong password: the check becomes a failure of its username and address. */
    async recordFailure(checkId: number, username: string, ip: string, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query('DELETE FROM sign_in_checks WHERE id = $1', [checkId]);
        await tx.query('INSERT INTO failed_logins (username, attempted_at, ip) VALUES ($1, $2, $3)', [username, at, ip]);
      });
    },

    /** A correct password: the check leaves no trace, and this address starts afresh for this username. */
    async recordSuccess(checkId: number, username: string, ip: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.query('DELETE FROM sign_in_checks WHERE id = $1', [checkId]);
        await tx.query('DELETE FROM failed_logins WHERE username = $1 AND ip = $2', [username, ip]);
      });
    },

    async cancelCheck(checkId: number): Promise<void> {
      await db.query('DELETE FROM sign_in_checks WHERE id = $1', [checkId]);
    },

    /** Forgets every failure of `username`, from every address; answers how many there were. */
    async forgetFailures(username: string): Promise<number> {
      const rows = await db.query<{ id: number }>('DELETE FROM failed_logins WHERE username = $1 RETURNING id', [username]);
      return rows.length;
    },

    /** Checks that outlived any password check (a process stopped halfway) hold nothing back. */
    async dropStaleChecks(tx: Queryable, startedBefore: Date): Promise<void> {
      await tx.query('DELETE FROM sign_in_checks WHERE started_at <= $1', [startedBefore]);
    },
  };
}
export type SignInThrottleRepository = ReturnType<typeof signInThrottleRepository>;
