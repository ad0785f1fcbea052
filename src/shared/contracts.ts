/**
 * Typed endpoint contracts: method, path and the permission the server checks. The server
 * registers routes from them (src/server/lib/http/route.ts), commands and the web client call through
 * them (`invoke`), so a wire path is written once: the system endpoints in src/shared/endpoints.ts,
 * each resource's family derived from its declaration (src/shared/resources/define.ts).
 */
import type { PermissionRequirement } from './permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface ContractBase {
  /** the method clients send */
  method: HttpMethod;
  /** methods the server accepts as well (JeecgBoot's `@RequestMapping(method = {PUT, POST})`) */
  also?: readonly HttpMethod[];
  /** path under the API base (`/sys/position/list`); `:name` and a final `*` are parameters */
  path: string;
}

export interface EndpointContract extends ContractBase {
  permission: PermissionRequirement;
}

/**
 * A contract as a resource declaration holds it: its code is any text, checked where the resource
 * derives its own codes (src/shared/resources/access.ts). permissions.ts builds `PermissionCode`
 * from the declarations' types, so their types cannot name it.
 */
export interface DeclaredContract extends ContractBase {
  permission: string;
}

/**
 * Declare an endpoint. The contract keeps its code's literal type: passing it where an
 * `EndpointContract` is needed checks the code, and a resource declaration may hold it.
 */
export function endpoint<const P extends string>(
  method: HttpMethod,
  path: string,
  permission: P,
  also?: readonly HttpMethod[],
): ContractBase & { permission: P } {
  return also?.length ? { method, path, permission, also } : { method, path, permission };
}

/** Every method the server registers for a contract. */
export const methodsOf = (c: DeclaredContract): HttpMethod[] => [c.method, ...(c.also ?? [])];

/**
 * The path of a call: `:name` segments and a final `*` filled from `params` (URI-encoded; the
 * wildcard keeps its slashes). A missing parameter is a programming error.
 */
export function pathOf(c: DeclaredContract, params: Record<string, string> = {}): string {
  return c.path
    .replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
      const v = params[name];
      if (v === undefined) throw new Error(`${c.path}: parameter ${name} missing`);
      return encodeURIComponent(v);
    })
    .replace(/\*$/, () => {
      const v = params['*'];
      if (v === undefined) throw new Error(`${c.path}: path missing`);
      return v.split('/').map(encodeURIComponent).join('/');
    });
}

/** The JSON client shape commands (`ctx.api`) and the web client (`api`) share. */
export interface ApiClient {
  get<T = unknown>(path: string, query?: Record<string, unknown>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown): Promise<T>;
  put<T = unknown>(path: string, body?: unknown): Promise<T>;
  delete<T = unknown>(path: string, query?: Record<string, unknown>): Promise<T>;
}

/**
 * Call an endpoint: GET and DELETE send `input` as the query, POST and PUT as the JSON body.
 * Answers the Result's payload (the client throws on `success: false`).
 */
export function invoke<T = unknown>(
  api: ApiClient,
  c: DeclaredContract,
  input?: unknown,
  params?: Record<string, string>,
): Promise<T> {
  const path = pathOf(c, params);
  const query = input as Record<string, unknown> | undefined;
  switch (c.method) {
    case 'GET':
      return api.get<T>(path, query);
    case 'DELETE':
      return api.delete<T>(path, query);
    case 'POST':
      return api.post<T>(path, input);
    case 'PUT':
      return api.put<T>(path, input);
  }
}
