/**
 * Filters offer what rows hold, forms name what they hold (issue #27 item 5): for every `ref` field
 * of every declaration, the search bar and the super query ask the field's `refOptions` (every
 * value rows still hold, stopped ones marked), never the picker of new choices; the form keeps the
 * picker and names a held value it no longer offers through `refOptions`. The server half of the
 * sweep is tests/server/ref-options.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/shared/resources/index.ts';
import { pickerOptions, REF_STOPPED_MARK, type Resource } from '../../src/shared/resources/define.ts';
import { formFields, listConfig } from '../../src/web/resources/resource-config.ts';

const all = RESOURCES as unknown as Resource[];

describe('reference filters of every declaration', () => {
  it('ask refOptions in the search bar and the super query, and name held values in the form', () => {
    let refs = 0;
    for (const r of all) {
      const config = listConfig(r);
      for (const f of r.decl.fields.filter((x) => x.type === 'ref')) {
        refs++;
        const held = r.refOptions[f.key];
        expect(held, `${r.decl.name}.${f.key}`).toMatchObject({
          method: 'GET',
          path: `${r.decl.path}/${f.key}Options`,
          permission: r.perms.list,
        });
        const search = config.search?.find((s) => s.key === f.key);
        if (search) expect(search.reference?.picker.path, `${r.decl.name}.${f.key}`).toBe(held!.path);
        const superQuery = config.superQuery?.find((s) => s.field === f.key);
        if (superQuery) expect(superQuery.reference?.picker.path, `${r.decl.name}.${f.key}`).toBe(held!.path);
        const form = formFields(r).find((x) => x.key === f.key);
        if (form) {
          expect(form.reference?.picker.path).toBe(f.reference!.picker.path);
          expect(form.reference?.held?.path).toBe(held!.path);
        }
      }
    }
    expect(refs).toBeGreaterThan(10);
  });

  it('marks a held value no picker offers any more', () => {
    expect(
      pickerOptions(
        [
          { id: 'a', name: '正常商户' },
          { id: 'b', name: '停用商户', stopped: true },
        ],
        'name',
      ),
    ).toEqual([
      { value: 'a', text: '正常商户' },
      { value: 'b', text: `停用商户${REF_STOPPED_MARK}`, stopped: true },
    ]);
  });
});
