import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeArgs, fieldInfo } from '../../../commands/core/schema-info.ts';

describe('schema-info', () => {
  it('reads kind, optionality, default and description through wrappers', () => {
    const info = describeArgs({
      positional: ['name'],
      args: z.object({
        name: z.string().trim().min(1).describe('名字'),
        nick: z
          .string()
          .nullish()
          .transform((v) => v ?? null)
          .describe('昵称'),
        age: z.coerce.number().int().optional().describe('年龄'),
        status: z.enum(['1', '2']).default('1').describe('状态'),
        sex: z
          .union([z.literal(1), z.literal(2)])
          .nullish()
          .catch(null)
          .describe('性别'),
        tags: z.array(z.enum(['a', 'b'])).optional(),
        on: z.boolean().describe('开关').default(false),
      }),
    });
    expect(info.map((f) => [f.name, f.flag, f.kind, f.optional, f.description, f.position])).toEqual([
      ['name', '--name', 'string', false, '名字', 0],
      ['nick', '--nick', 'string', true, '昵称', undefined],
      ['age', '--age', 'number', true, '年龄', undefined],
      ['status', '--status', 'enum', true, '状态', undefined],
      ['sex', '--sex', 'enum', true, '性别', undefined],
      ['tags', '--tags', 'array', true, undefined, undefined],
      ['on', '--on', 'boolean', true, '开关', undefined],
    ]);
    expect(info[3]).toMatchObject({ values: ['1', '2'], hasDefault: true, defaultValue: '1' });
    expect(info[4]?.values).toEqual([1, 2]);
    expect(info[5]?.element).toEqual({ kind: 'enum', values: ['a', 'b'] });
  });

  it('spells camelCase fields as kebab-case flags', () => {
    expect(fieldInfo('resetPassword', z.boolean()).flag).toBe('--reset-password');
  });
});
