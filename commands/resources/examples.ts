/**
 * The help examples of a resource's generated commands (`help partner disable` → 示例), derived
 * from the declaration: each names its rows through the list (`<name> list … | head 1 | …`), so it
 * runs against whatever data there is; a state change picks a row in a state it may leave; an add
 * gives every required field the sample of its type and rule (src/shared/resources/samples.ts),
 * and gets none when a field's value depends on the data (a dictionary item, another row, an
 * upload) unless the field declares its `sample` (an item's text, a row's name, a seeded picture).
 * A command that already declares its examples keeps them, and a declaration's
 * `commands.examples` take the place of the derived ones.
 */
import type { Resource } from '../../src/shared/resources/define.ts';
import { commandPath } from '../core/argv.ts';
import { toKebab } from '../core/schema-info.ts';
import type { CommandDefinition } from '../core/types.ts';
import { sampleValue } from '../../src/shared/resources/samples.ts';

/** A value as the terminal reads it: quoted when it holds a space or a quote. */
const typed = (v: string) => (/[\s'"|;&]/.test(v) ? `'${v.replace(/'/g, "\\'")}'` : v);

/** The derived example lines of one generated command of `r`, or none. */
function derived(r: Resource, def: CommandDefinition): string[] {
  const { decl } = r;
  const name = commandPath(decl.name);
  const verb = def.id.slice(decl.name.length + 1);
  const first = `${name} list | head 1 | ${commandPath(def.id)}`;
  if (verb === 'list') return [`${name} list`];
  if (verb === 'add') {
    // every required field given a sample of its type and rule, or its declared one; none when
    // one cannot be known without the data (a dictionary item, another row, an upload)
    const required = decl.fields.filter((f) => !f.system && !f.computed && f.required);
    const values = required.map((f) => [f, sampleValue(f)] as const);
    if (!values.length || values.some(([, v]) => v === undefined)) return [];
    return [`${name} add ${values.map(([f, v]) => `--${toKebab(f.key)} ${typed(v!)}`).join(' ')}`];
  }
  if (verb === 'delete' || verb === 'history') return [first];
  if (verb === 'stats') {
    const dimension = r.stats?.dimensions[0]?.key;
    return [`${commandPath(def.id)}${dimension ? ` ${dimension}` : ''}`];
  }
  if (verb === 'edit') {
    // one plain text field set on the first row (the sweep runs it with --dry-run)
    const plain = decl.fields.find(
      (f) =>
        !f.system &&
        !f.computed &&
        !f.required &&
        !f.unique &&
        !f.rule &&
        !f.dict &&
        !f.options &&
        !f.by &&
        !f.fixedOnEdit &&
        f.form !== false &&
        (f.type === 'string' || f.type === 'text'),
    );
    if (plain) return [`${first} --${toKebab(plain.key)} 示例`];
    // else a required plain text field (a name, a title), given its sample
    const named = decl.fields.find(
      (f) =>
        !f.system &&
        !f.computed &&
        !f.unique &&
        !f.rule &&
        !f.dict &&
        !f.options &&
        !f.by &&
        !f.fixedOnEdit &&
        f.form !== false &&
        f.type === 'string',
    );
    const value = named && sampleValue(named);
    return named && value ? [`${first} --${toKebab(named.key)} ${typed(value)}`] : [];
  }
  const action = r.states?.actions.find((a) => a.name === verb);
  if (action) {
    const t = action.transition;
    const stateField = decl.fields.find((f) => f.key === r.states!.field);
    const filtered = !decl.listArgs && stateField && (stateField.filter || stateField.search);
    const from = t.from[0]!;
    const pick = filtered
      ? `${name} list --${toKebab(stateField.key)} ${r.states!.text(from)} | head 1`
      : `${name} list | grep ${r.states!.text(from)} | head 1`;
    return [`${pick} | ${commandPath(def.id)}${t.reason === 'required' ? ' --reason 示例' : ''}`];
  }
  return [];
}

/** The commands of `r` with their examples (declared ones kept, else derived). */
export function withExamples(r: Resource, commands: CommandDefinition[]): CommandDefinition[] {
  return commands.map((def) => {
    if (def.examples?.length) return def;
    const declared = r.decl.commands?.examples?.[def.id.slice(r.decl.name.length + 1)];
    const examples = declared?.length ? [...declared] : derived(r, def);
    return examples.length ? { ...def, examples } : def;
  });
}
