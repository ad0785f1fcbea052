import type { Page, Result } from '../../../shared/api.ts';
import { CODE } from '../../../shared/api.ts';

/** Result.OK(data): success, code 200. */
export const ok = <T>(result: T, message = ''): Result<T> => ({
  success: true,
  message,
  code: CODE.OK,
  result,
  timestamp: Date.now(),
});

/** Result.ok(String msg) of 3.2+: the message is also the result. */
export const okMessage = (message: string): Result<string> => ok(message, message);

/** A bare `new Result()` with data: success, code 0 (what many JeecgBoot list endpoints return). */
export const bare = <T>(result: T, message = ''): Result<T> => ({
  success: true,
  message,
  code: CODE.OK_BARE,
  result,
  timestamp: Date.now(),
});

/** Business error: HTTP 200, success false. */
export const fail = (message: string, code: number = CODE.ERROR): Result<null> => ({
  success: false,
  message,
  code,
  result: null,
  timestamp: Date.now(),
});

export function page<T>(records: T[], total: number, pageNo: number, pageSize: number): Page<T> {
  return {
    records,
    total,
    size: pageSize,
    current: pageNo,
    orders: [],
    optimizeCountSql: true,
    searchCount: true,
    countId: null,
    maxLimit: null,
    pages: pageSize > 0 ? Math.ceil(total / pageSize) : 0,
  };
}

/** Thrown inside handlers to answer with a business error (HTTP 200, success false). */
export class BizError extends Error {
  constructor(
    message: string,
    readonly code: number = CODE.ERROR,
  ) {
    super(message);
  }
}
