/**
 * A database error and what it wraps: Drizzle reports a failed statement as its own error
 * ("Failed query: …") with the driver's error (SQLSTATE `code`, message) as `cause`.
 */
function* chain(error: unknown): Generator<{ code?: unknown; message?: unknown; cause?: unknown }> {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = e.cause as typeof e, depth++
  )
    yield e;
}

/** The SQLSTATE of a PostgreSQL error, also when wrapped. */
export function postgresCode(error: unknown): string | undefined {
  for (const e of chain(error)) if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return undefined;
}

/** Whether the error (or what it wraps) has one of these SQLSTATEs. */
export function hasPostgresCode(error: unknown, ...codes: string[]): boolean {
  for (const e of chain(error)) if (typeof e.code === 'string' && codes.includes(e.code)) return true;
  return false;
}

/** The innermost message: the database's words rather than the statement that met them. */
export function rootMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (const e of chain(error)) if (typeof e.message === 'string' && e.message) message = e.message;
  return message;
}
