import type { FastifyBaseLogger } from 'fastify';

/** Why a mail is sent: "bind" is the code that proves the caller holds a new address (账户设置). */
export type MailPurpose = 'bind';

/** Sends the console's mails (verification codes). Replace the development provider with a real one in production. */
export interface MailProvider {
  readonly name: string;
  send(
    to: string,
    mail: { subject: string; text: string; purpose: MailPurpose; code?: string },
  ): Promise<void>;
}

/**
 * Development provider: sends nothing, writes the mail to the server log, loudly marked (as the
 * development SMS provider does), so that a developer can confirm an address on a laptop.
 */
export function devLogMailProvider(log: FastifyBaseLogger): MailProvider {
  return {
    name: 'dev-log',
    async send(to, mail) {
      log.warn({ to, subject: mail.subject, code: mail.code }, '[DEV MAIL PROVIDER: no mail was sent] mail');
    },
  };
}
