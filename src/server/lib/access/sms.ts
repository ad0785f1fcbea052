import type { FastifyBaseLogger } from 'fastify';

/** SMS modes: "0" login, "1" register, "2" forgot password (POST /sys/sms); "3" a new phone of one's own account (账户设置). */
export type SmsMode = '0' | '1' | '2' | '3';

/** Sends verification codes. Replace the development provider with a real gateway in production. */
export interface SmsProvider {
  readonly name: string;
  send(mobile: string, code: string, mode: SmsMode): Promise<void>;
}

/**
 * Development provider: sends nothing, writes the code to the server log, loudly marked, so that
 * a developer can log in by phone on a laptop.
 */
export function devLogSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'dev-log',
    async send(mobile, code, mode) {
      log.warn({ mobile, code, mode }, '[DEV SMS PROVIDER: no SMS was sent] verification code');
    },
  };
}
