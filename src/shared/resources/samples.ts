/**
 * A sample value of a declared field, as the terminal types it (`--price 1`): what a generated
 * command's help example (commands/resources/examples.ts) fills a field with. Derived from the
 * field's type, choices and rule, so a new declaration gets a working example without listing
 * values. A declared `sample` wins (a dictionary item's text, a referenced row's name, a seeded
 * upload's path); without one, undefined where no value can be known without the data: a
 * dictionary's items, another row, an upload.
 */
import { ruleProblem } from '../validation.ts';
import type { ResourceField } from './define.ts';

/**
 * Texts a field with a pattern rule may take, tried in order (the first the rule accepts wins):
 * codes, a mobile number, a time of day, a version, a URL, a class name.
 */
const RULE_CANDIDATES = [
  '示例',
  'demo_sample',
  '13800138000',
  '09:00',
  '1.0.0',
  'https://example.com/sample',
  'org.jeecg.modules.quartz.job.SampleJob',
  '1',
];

/** The sample of a field of a choice-less, reference-less type. */
const BY_TYPE: Partial<Record<ResourceField['type'], (f: ResourceField) => string | undefined>> = {
  int: () => '1',
  number: () => '1',
  money: () => '1',
  percent: () => '10',
  boolean: () => 'true',
  date: () => '2030-01-01',
  datetime: () => '2030-01-01 10:00:00',
  area: () => '330106',
  location: () => '30.27415,120.15515',
  cron: () => '0 0 3 * * ?',
  richtext: () => '<p>示例</p>',
};

/** A sample value of `f` (see the module comment), or undefined. */
export function sampleValue(f: ResourceField): string | undefined {
  if (f.sample !== undefined) return f.sample;
  if (f.options?.length) return f.options[0]!.value;
  if (f.dict || f.reference || f.type === 'ref' || f.type === 'image' || f.type === 'images')
    return undefined;
  const byType = BY_TYPE[f.type];
  if (byType) return byType(f);
  if (f.type !== 'string' && f.type !== 'text') return undefined;
  if (f.rule) return RULE_CANDIDATES.find((v) => v.length <= (f.max ?? Infinity) && !ruleProblem(f.rule!, v));
  return `示例${f.title}`.slice(0, f.max ?? 50);
}
