/**
 * The sample values the generated commands' help examples fill fields with
 * (src/shared/resources/samples.ts): whatever sample a declared field gets passes the field's own
 * rule, as the add endpoint checks it, for every declaration.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/shared/resources/index.ts';
import { fieldSchema } from '../../src/shared/resources/field-rules.ts';
import type { ResourceField } from '../../src/shared/resources/define.ts';
import { sampleValue } from '../../src/shared/resources/samples.ts';

describe('resource field samples', () => {
  it('every sample passes its field’s rule', () => {
    const refused: string[] = [];
    for (const r of RESOURCES) {
      for (const f of r.decl.fields as readonly ResourceField[]) {
        if (f.system || f.computed) continue;
        const v = sampleValue(f);
        if (v === undefined) continue;
        const result = fieldSchema(f).safeParse(v);
        if (!result.success)
          refused.push(`${r.decl.name}.${f.key} = ${v}: ${result.error.issues[0]?.message}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
