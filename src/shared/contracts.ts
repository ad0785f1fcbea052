/**
 * Typed endpoint contracts: method, path and the permission the server checks. The server
 * registers routes from them, commands and the web client call through them, so a wire path is
 * written once (resources derive theirs: src/shared/resources/define.ts).
 */
import type { PermissionRequirement } from './permissions.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EndpointContract {
  method: HttpMethod;
  /** path under the API base (`/sys/position/list`) */
  path: string;
  permission: PermissionRequirement;
}
