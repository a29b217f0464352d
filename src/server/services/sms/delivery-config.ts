import { httpSmsDelivery, DEFAULT_GATEWAY_TIMEOUT_MS } from '../../adapters/sms-gateway';
import type { DispatcherSettings } from './dispatcher';
import type { SmsDeliveryOptions } from './sms-delivery-plugin';

/** Environment variables of SMS delivery (README, "SMS delivery"). */
export const SMS_ENV = {
  url: 'SMS_GATEWAY_URL',
  token: 'SMS_GATEWAY_TOKEN',
  timeoutMs: 'SMS_GATEWAY_TIMEOUT_MS',
  maxAttempts: 'SMS_MAX_ATTEMPTS',
  retryBaseMs: 'SMS_RETRY_BASE_MS',
  idleMs: 'SMS_DISPATCH_INTERVAL_MS',
  concurrency: 'SMS_DISPATCH_CONCURRENCY',
} as const;

function positiveInteger(env: Record<string, string | undefined>, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number, not '${raw}'`);
  return value;
}

/** The delivery options the environment asks for; without SMS_GATEWAY_URL nothing is sent and messages stay queued. */
export function smsDeliveryFromEnv(env: Record<string, string | undefined>): SmsDeliveryOptions {
  const url = env[SMS_ENV.url]?.trim();
  if (!url) return {};
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`${SMS_ENV.url} must be an http(s) URL, not '${url}'`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`${SMS_ENV.url} must be an http(s) URL, not '${url}'`);
  const timeoutMs = positiveInteger(env, SMS_ENV.timeoutMs, DEFAULT_GATEWAY_TIMEOUT_MS);
  const settings: Partial<DispatcherSettings> = {
    maxAttempts: positiveInteger(env, SMS_ENV.maxAttempts, 5),
    retryBaseMs: positiveInteger(env, SMS_ENV.retryBaseMs, 2_000),
    idleMs: positiveInteger(env, SMS_ENV.idleMs, 1_000),
    concurrency: positiveInteger(env, SMS_ENV.concurrency, 16),
    // A claim outlives any attempt: a message is only taken back from a dispatcher that died.
    leaseMs: Math.max(120_000, timeoutMs * 6),
  };
  return { delivery: httpSmsDelivery({ url, token: env[SMS_ENV.token] || undefined, timeoutMs }), settings, start: true };
}
