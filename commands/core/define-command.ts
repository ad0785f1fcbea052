import type { z } from 'zod';
import type { CommandDefinition } from './types.ts';

/**
 * Declares a command. An identity function whose only job is type inference: `run` and `confirm`
 * receive the parsed type of `args`. The result still fits `CommandDefinition[]` (the registry's list).
 */
export function defineCommand<A extends z.ZodObject = z.ZodObject<Record<never, never>>>(
  def: CommandDefinition<A>,
): CommandDefinition<A> {
  return def;
}
