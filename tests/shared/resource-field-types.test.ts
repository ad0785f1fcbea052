import { describe, expect, it } from 'vitest';
import {
  AREA_ROOT,
  areaChildren,
  areaCodeOf,
  areaPath,
  areaPrefix,
  areaText,
  isAreaCode,
} from '../../src/shared/area.ts';
import { formatMoney, formatPercent } from '../../src/shared/format.ts';
import { htmlText, sanitizeHtml } from '../../src/shared/richtext.ts';
import {
  auditFields,
  defineResource,
  displayKey,
  pickerOptions,
  type ResourceField,
} from '../../src/shared/resources/define.ts';
import { fieldSchema, parseLocation } from '../../src/shared/resources/field-rules.ts';
import { throwaway } from '../support/throwaway.ts';
import { formFields, listConfig } from '../../src/web/resources/resource-config.ts';
import { resourceCommands, terminalColumns } from '../../commands/resources/generate.ts';
import { commandHelp } from '../../commands/core/help.ts';

const parse = (f: Omit<ResourceField, 'key' | 'title'>, v: unknown) =>
  fieldSchema({ key: 'x', title: '字段', ...f } as ResourceField).safeParse(v);
const message = (f: Omit<ResourceField, 'key' | 'title'>, v: unknown) => {
  const r = parse(f, v);
  return r.success ? null : r.error.issues[0]!.message;
};
const value = (f: Omit<ResourceField, 'key' | 'title'>, v: unknown) => {
  const r = parse(f, v);
  if (!r.success) throw new Error(r.error.issues[0]!.message);
  return r.data;
};

describe('area tree', () => {
  it('is the division tree rooted at 86 with names, paths and prefixes', () => {
    expect(AREA_ROOT).toBe('86');
    expect(areaChildren().map((p) => p.name)).toContain('浙江省');
    expect(areaChildren().length).toBeGreaterThanOrEqual(34);
    expect(areaPath('330106').map((n) => n.name)).toEqual(['浙江省', '杭州市', '西湖区']);
    expect(areaText('330106')).toBe('浙江省/杭州市/西湖区');
    expect(areaText('123')).toBe('123');
    expect(isAreaCode('330106')).toBe(true);
    expect(isAreaCode('339999')).toBe(false);
    expect(areaCodeOf('浙江省 杭州市 西湖区')).toBe('330106');
    expect(areaCodeOf('北京市/朝阳区')).toBe('110105');
    expect(areaCodeOf('浙江省')).toBe('330000');
    expect(areaCodeOf('火星省')).toBeUndefined();
    expect([areaPrefix('330000'), areaPrefix('330100'), areaPrefix('330106')]).toEqual([
      '33',
      '3301',
      '330106',
    ]);
  });
});

describe('field rules of the catalogue types', () => {
  it('percent: 0 to 100 with two decimals, kept as text', () => {
    expect(value({ type: 'percent' }, 12.5)).toBe('12.5');
    expect(value({ type: 'percent' }, '100')).toBe('100');
    expect(message({ type: 'percent' }, '100.01')).toBe('字段应为0到100之间的数，最多两位小数');
    expect(message({ type: 'percent' }, '1e2')).toBe('字段应为0到100之间的数，最多两位小数');
    expect(message({ type: 'percent' }, '0.001')).toBe('字段应为0到100之间的数，最多两位小数');
  });

  it('location: a latitude and longitude pair in range, in several spellings', () => {
    expect(value({ type: 'location' }, '30.2741,120.1551')).toBe('30.2741,120.1551');
    expect(value({ type: 'location' }, [30, -120])).toBe('30,-120');
    expect(value({ type: 'location' }, { latitude: '-33.8', longitude: '151.2' })).toBe('-33.8,151.2');
    expect(message({ type: 'location' }, '-90.1,0')).toBe('纬度应在-90到90之间');
    expect(message({ type: 'location' }, '0,180.5')).toBe('经度应在-180到180之间');
    expect(message({ type: 'location' }, '1,2,3')).toBe('字段格式应为“纬度,经度”');
    expect(parseLocation('30.1 120.2', '位置')).toEqual({ lat: 30.1, lng: 120.2 });
  });

  it('image and images: stored paths of the upload area, in order, at most max', () => {
    const upload = { area: 'technician', max: 2 };
    const p1 = 'technician/20260101/aa.png';
    const p2 = 'technician/20260101/bb.jpg';
    expect(value({ type: 'image', upload }, p1)).toBe(p1);
    expect(message({ type: 'image', upload }, 'partner/20260101/aa.png')).toBe('字段取值无效');
    expect(message({ type: 'image', upload }, 'technician/../../x.png')).toBe('字段取值无效');
    expect(message({ type: 'image', upload }, 'https://evil.example/x.png')).toBe('字段取值无效');
    expect(value({ type: 'images', upload }, [p2, p1])).toBe(`${p2},${p1}`);
    expect(value({ type: 'images', upload }, `${p1}, ${p2}`)).toBe(`${p1},${p2}`);
    expect(message({ type: 'images', upload }, [p1, p2, p1])).toBe('字段最多2张');
    expect(message({ type: 'images', upload, required: true }, [])).toBe('请上传字段');
  });

  it('richtext: sanitised, scripts and handlers gone, text readable', () => {
    const dirty =
      '<h3>标题</h3><p style="color:red" onmouseover="x()">一<b>二</b></p><script>alert(1)</script>' +
      '<a href="javascript:alert(1)">坏</a><a href="https://ok.example" target="_blank">好</a><iframe src="x"></iframe>';
    const clean = value({ type: 'richtext' }, dirty) as string;
    expect(clean).toBe(sanitizeHtml(dirty));
    expect(clean).not.toMatch(/script|onmouseover|javascript|iframe|style=/);
    expect(clean).toContain('<b>二</b>');
    expect(clean).toContain('href="https://ok.example"');
    expect(clean).toContain('rel="noopener"');
    expect(htmlText(clean)).toBe('标题 一二 坏好');
  });

  it('area and ref: text within bounds (the server checks they exist)', () => {
    expect(value({ type: 'area', multiple: true }, ['330106', '330108'])).toBe('330106,330108');
    expect(value({ type: 'area' }, 330106)).toBe('330106');
    expect(message({ type: 'area', required: true }, '')).toBe('请选择字段');
    expect(message({ type: 'ref', required: true }, '')).toBe('请选择字段');
    expect(message({ type: 'ref' }, 'x'.repeat(65))).toBe('字段取值无效');
  });
});

describe('display', () => {
  it('money with thousands separators from its text, percent with a sign', () => {
    expect(formatMoney('1234567.5')).toBe('1,234,567.50');
    expect(formatMoney('198')).toBe('198.00');
    expect(formatMoney('-1000.05')).toBe('-1,000.05');
    expect(formatMoney('12345678901234.99')).toBe('12,345,678,901,234.99');
    expect(formatMoney(null)).toBe('');
    expect(formatPercent('12.50')).toBe('12.5%');
    expect(formatPercent('100.00')).toBe('100%');
  });

  it('picker answers as a map or as rows', () => {
    expect(pickerOptions({ a: '张三', b: '李四' }, 'name')).toEqual([
      { value: 'a', text: '张三' },
      { value: 'b', text: '李四' },
    ]);
    expect(pickerOptions([{ id: '1', name: '西湖店' }], 'name')).toEqual([{ value: '1', text: '西湖店' }]);
    expect(pickerOptions({ records: [{ id: '2', name: '滨江店' }] }, 'name')).toEqual([
      { value: '2', text: '滨江店' },
    ]);
    expect(pickerOptions(null, 'name')).toEqual([]);
  });
});

describe('surfaces of the new types, declared once', () => {
  const SAMPLE = throwaway(
    defineResource({
      name: 'sample',
      title: '样例',
      path: '/demo/sample',
      operations: ['list', 'add', 'edit', 'delete'],
      component: 'demo/Sample',
      category: '样例',
      english: 'sample',
      defaultSort: { field: 'createTime', order: 'desc' },
      sheet: { title: '样例', sheetName: '样例', filename: '样例.xlsx', asciiFilename: 'sample.xlsx' },
      fields: [
        { key: 'name', title: '名称', type: 'string', required: true },
        { key: 'photos', title: '照片', type: 'images', upload: { area: 'sample' } },
        { key: 'area', title: '地区', type: 'area', search: true },
        { key: 'price', title: '价格', type: 'money' },
        { key: 'ratio', title: '比例', type: 'percent' },
        { key: 'intro', title: '介绍', type: 'richtext' },
        { key: 'location', title: '位置', type: 'location' },
        {
          key: 'ownerId',
          title: '门店',
          type: 'ref',
          search: true,
          reference: {
            resource: 'shop',
            label: 'name',
            picker: { method: 'GET', path: '/demo/shop/map', permission: 'sample:list' },
          },
        },
        ...auditFields(),
      ],
    }),
  );

  it('lists, sorts, exports and searches by type defaults', () => {
    const keys = (list: ResourceField[]) => list.map((f) => f.key);
    expect(keys(SAMPLE.surfaces.list)).not.toContain('intro');
    expect(keys(SAMPLE.surfaces.sort)).not.toEqual(expect.arrayContaining(['photos']));
    expect(keys(SAMPLE.surfaces.sort)).not.toContain('location');
    expect(keys(SAMPLE.surfaces.superQuery)).toEqual([
      'name',
      'area',
      'price',
      'ratio',
      'ownerId',
      'createTime',
    ]);
    expect(keys(SAMPLE.surfaces.export)).toContain('intro');
    expect(keys(SAMPLE.surfaces.export)).not.toContain('photos');
    expect(displayKey(SAMPLE.decl.fields[2]!)).toBe('area_dictText');
    expect(displayKey(SAMPLE.decl.fields[7]!)).toBe('ownerId_dictText');
  });

  it('gives the page cells, search inputs, super query editors and form inputs by type', () => {
    const config = listConfig(SAMPLE);
    const column = (field: string) => config.columns.find((c) => c.field === field)!;
    expect(column('area_dictText')).toBeDefined();
    expect(column('ownerId_dictText')).toBeDefined();
    expect(column('price').render!({ id: '1', price: '1234.5' })).toMatchObject({
      props: { children: '1,234.50' },
    });
    expect(column('ratio').render!({ id: '1', ratio: '12.50' })).toBe('12.5%');
    expect(column('photos').sortField).toBe(false);
    expect(config.search!.map((s) => [s.key, s.type])).toEqual([
      ['area', 'area'],
      ['ownerId', 'ref'],
    ]);
    expect(config.superQuery!.find((q) => q.field === 'area')!.type).toBe('area');
    // a filter offers every value rows hold (refOptions), a form picks from the picker
    expect(config.superQuery!.find((q) => q.field === 'ownerId')!.reference?.picker.path).toBe(
      '/demo/sample/ownerIdOptions',
    );
    expect(formFields(SAMPLE).find((f) => f.key === 'ownerId')!.reference?.picker.path).toBe(
      '/demo/shop/map',
    );
    expect(Object.fromEntries(formFields(SAMPLE).map((f) => [f.key, f.type ?? 'text']))).toEqual({
      name: 'text',
      photos: 'images',
      area: 'area',
      price: 'money',
      ratio: 'percent',
      intro: 'richtext',
      location: 'location',
      ownerId: 'ref',
    });
  });

  it('gives the commands help by type and the terminal the names', () => {
    const add = resourceCommands(SAMPLE).find((c) => c.id === 'sample.add')!;
    const help = commandHelp(add).join('\n');
    expect(help).toContain('省市区编码或名称');
    expect(help).toContain('纬度,经度');
    expect(help).toContain('0 到 100');
    expect(terminalColumns(SAMPLE).map((c) => c.key)).toEqual(
      expect.arrayContaining(['area_dictText', 'ownerId_dictText']),
    );
    expect(terminalColumns(SAMPLE).map((c) => c.key)).not.toContain('photos');
  });
});

describe('text fields hold what a sheet carries back', () => {
  // a role named with a form feed and a carriage return came back from its own export changed
  // ("\r\f" read back as "\n"): such values are refused where they are written
  it.each(['string', 'text'] as const)('%s refuses control characters but tab and line feed', (type) => {
    for (const bad of ['a\u0000b', 'TP>\r\f\t\tz', 'a\rb', 'a\u000bb', 'a\u001bb', 'a\u007fb'])
      expect(message({ type }, bad), JSON.stringify(bad)).toBe('包含非法字符');
    expect(value({ type }, '第一行\n\t第二行')).toBe('第一行\n\t第二行');
  });
});
