import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  SIGN_HEADERS,
  SIGN_MAX_AGE_MS,
  SIGN_MSG,
  parseSignTimestamp,
  signText,
} from '../../../shared/dict-sign.ts';
import { fail } from './result.ts';

/** Minutes east of UTC of a time zone at an instant. */
export function utcOffsetMinutes(timeZone: string, at: Date = new Date()): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const local = Date.UTC(
    +parts.year!,
    +parts.month! - 1,
    +parts.day!,
    +parts.hour!,
    +parts.minute!,
    +parts.second!,
  );
  return Math.round((local - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The X-Sign of a request's parameters under a secret. */
export function signOf(text: string, secret: string): string {
  return createHash('md5')
    .update(text + secret, 'utf8')
    .digest('hex')
    .toUpperCase();
}

const lastSegment = (url: string): string | undefined => {
  const path = url.split('?')[0] ?? '';
  const seg = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
};

/**
 * preHandler of the signed dictionary calls: with a secret configured, a request whose X-Sign does
 * not match its parameters, or whose X-TIMESTAMP is missing or more than 5 minutes away, is refused
 * (HTTP 200, success false, as JeecgBoot). Without a secret nothing is checked.
 */
export function verifySignature(secret: string | undefined, timeZone: string) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!secret) return;
    const sign = req.headers[SIGN_HEADERS.sign];
    const stamp = req.headers[SIGN_HEADERS.timestamp];
    if (typeof sign !== 'string' || typeof stamp !== 'string') return reply.send(fail(SIGN_MSG.bad));
    const when = parseSignTimestamp(stamp, utcOffsetMinutes(timeZone));
    if (!Number.isFinite(when) || Math.abs(Date.now() - when) > SIGN_MAX_AGE_MS)
      return reply.send(fail(SIGN_MSG.expired));
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : undefined;
    const expected = Buffer.from(
      signOf(signText(lastSegment(req.url), req.query as Record<string, unknown>, body), secret),
    );
    const given = Buffer.from(sign.toUpperCase());
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return reply.send(fail(SIGN_MSG.bad));
  };
}
