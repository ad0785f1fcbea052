import type {
  AnyResourcePerms,
  EndpointsOf,
  Resource,
  ResourceDeclaration,
} from '../../src/shared/resources/define.ts';

/**
 * A resource declared by a test, outside RESOURCES: its derived codes (`gadget:list` …) are not
 * among the product's `PermissionCode`s, so its type says only that they are codes. The test grants
 * them itself (a sys_permission row per code).
 */
export function throwaway<D extends ResourceDeclaration>(
  r: Resource<D>,
): Resource<D, EndpointsOf<D>, AnyResourcePerms> {
  return r as unknown as Resource<D, EndpointsOf<D>, AnyResourcePerms>;
}
