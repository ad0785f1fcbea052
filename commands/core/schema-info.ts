/**
 * Reads a command's zod argument schema as plain metadata (kind, enum values, default, description)
 * for argv parsing, help, completion and generated forms.
 */
import type { z } from 'zod';
import type { CommandDefinition } from './types.ts';

export type FieldKind = 'string' | 'number' | 'boolean' | 'enum' | 'array' | 'unknown';

/** What a surface needs to know about one field of `args`. */
export interface FieldInfo {
  name: string;
  /** the terminal spelling: `--reset-password` for `resetPassword` */
  flag: string;
  kind: FieldKind;
  /** allowed values of an enum or a union of literals (native values: strings or numbers) */
  values?: unknown[];
  /** the element of an array field */
  element?: { kind: Exclude<FieldKind, 'array'>; values?: unknown[] };
  /** may be left out (optional, nullish, or has a default) */
  optional: boolean;
  hasDefault: boolean;
  defaultValue?: unknown;
  description?: string;
  /** index in `def.positional`, when taken positionally */
  position?: number;
}

/** The loose view of a zod 4 definition that introspection needs. */
interface LooseDef {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  entries?: Record<string, unknown>;
  values?: unknown[];
  options?: z.ZodType[];
  element?: z.ZodType;
  defaultValue?: unknown;
  getter?: () => z.ZodType;
}

function defOf(schema: z.ZodType): LooseDef {
  return (schema as unknown as { _zod: { def: LooseDef } })._zod.def;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/** `resetPassword` → `reset-password`. */
export function toKebab(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** `reset-password` → `resetPassword`. */
export function toCamel(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

interface Unwrapped {
  base: z.ZodType;
  description?: string;
  optional: boolean;
  hasDefault: boolean;
  defaultValue?: unknown;
}

/** Strips optional/default/pipe… wrappers down to the schema that decides the input type. */
function unwrap(schema: z.ZodType): Unwrapped {
  const out: Unwrapped = { base: schema, optional: false, hasDefault: false };
  let current: z.ZodType | undefined = schema;
  for (let guard = 0; current && guard < 32; guard += 1) {
    out.description ??= current.description;
    const def = defOf(current);
    if (def.type === 'optional' || def.type === 'catch') out.optional = true;
    if ((def.type === 'default' || def.type === 'prefault') && !out.hasDefault) {
      out.hasDefault = true;
      out.defaultValue = def.defaultValue;
    }
    let next: z.ZodType | undefined;
    if (WRAPPERS.has(def.type)) next = def.innerType;
    else if (def.type === 'pipe') next = def.in && defOf(def.in).type === 'transform' ? def.out : def.in;
    else if (def.type === 'lazy') next = def.getter?.();
    if (!next) break;
    out.base = next;
    current = next;
  }
  const optin = (schema as unknown as { _zod: { optin?: string } })._zod.optin;
  out.optional = out.optional || out.hasDefault || optin !== undefined;
  return out;
}

function literalValues(schema: z.ZodType): unknown[] | undefined {
  const def = defOf(unwrap(schema).base);
  if (def.type === 'enum' && def.entries) return [...new Set(Object.values(def.entries))];
  if (def.type === 'literal' && def.values) return def.values.filter((v) => v !== undefined && v !== null);
  if (def.type === 'union' && def.options) {
    const all: unknown[] = [];
    for (const option of def.options) {
      const values = literalValues(option);
      if (!values) return undefined;
      all.push(...values);
    }
    return all;
  }
  return undefined;
}

function scalarKind(schema: z.ZodType): { kind: Exclude<FieldKind, 'array'>; values?: unknown[] } {
  const values = literalValues(schema);
  if (values) return { kind: 'enum', values };
  switch (defOf(unwrap(schema).base).type) {
    case 'string':
      return { kind: 'string' };
    case 'number':
    case 'int':
    case 'bigint':
      return { kind: 'number' };
    case 'boolean':
      return { kind: 'boolean' };
    default:
      return { kind: 'unknown' };
  }
}

/** Metadata of one field. */
export function fieldInfo(name: string, schema: z.ZodType, position?: number): FieldInfo {
  const u = unwrap(schema);
  const info: FieldInfo = {
    name,
    flag: `--${toKebab(name)}`,
    kind: 'unknown',
    optional: u.optional,
    hasDefault: u.hasDefault,
  };
  if (u.hasDefault) info.defaultValue = u.defaultValue;
  if (u.description !== undefined) info.description = u.description;
  if (position !== undefined) info.position = position;
  const def = defOf(u.base);
  if (def.type === 'array' && def.element) {
    info.kind = 'array';
    const element = scalarKind(def.element);
    info.element = element.kind === 'enum' ? element : { kind: element.kind };
    return info;
  }
  const scalar = scalarKind(u.base);
  info.kind = scalar.kind;
  if (scalar.values) info.values = scalar.values;
  return info;
}

/** Metadata of every field of a command's `args`, in declaration order. */
export function describeArgs(def: Pick<CommandDefinition, 'args' | 'positional'>): FieldInfo[] {
  const shape = (def.args?.shape ?? {}) as Record<string, z.ZodType>;
  return Object.entries(shape).map(([name, schema]) => {
    const index = def.positional?.indexOf(name) ?? -1;
    return fieldInfo(name, schema, index >= 0 ? index : undefined);
  });
}
