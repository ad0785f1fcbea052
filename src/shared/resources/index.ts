/**
 * Every declared resource. Commands (commands/index.ts), pages (src/web/resources) and the server
 * (src/server/resources, which adds each one's table) are generated from this list.
 */
import { DICT } from './dict.ts';
import { LOG } from './log.ts';
import { POSITION } from './position.ts';

export const RESOURCES = [POSITION, LOG, DICT] as const;

export type ResourceName = (typeof RESOURCES)[number]['decl']['name'];
