import { beforeAll, describe, expect, it } from 'vitest';
import { loadPinyin, type PinyinSupport } from '../../../src/web/shell/palette/pinyin.ts';
import { rank, TIER } from '../../../src/web/shell/palette/rank.ts';
import {
  buildSearchIndex,
  type SearchIndex,
  type SearchItem,
} from '../../../src/web/shell/palette/search-index.ts';

/** A realistic slice of the console's commands (titles as the menu has them). */
const COMMANDS: SearchItem[] = [
  { id: 'user.list', title: '用户管理', aliases: ['users', 'user management'] },
  { id: 'user.import', title: '用户导入', aliases: ['import users'] },
  { id: 'user.freeze', title: '冻结用户', aliases: ['freeze user'], keywords: ['disable', 'lock'] },
  { id: 'user.unfreeze', title: '解冻用户', aliases: ['unfreeze user'] },
  { id: 'user.resetPassword', title: '重置密码', aliases: ['reset password'] },
  { id: 'role.list', title: '角色管理', aliases: ['roles'] },
  { id: 'menu.list', title: '菜单管理', aliases: ['menus'] },
  { id: 'depart.list', title: '部门管理', aliases: ['departments'] },
  { id: 'tenant.user', title: '租户用户', aliases: ['tenant users'] },
  { id: 'order.visit', title: '上门订单', aliases: ['visit orders'] },
  { id: 'order.abnormal', title: '异常订单', aliases: ['abnormal orders'] },
  { id: 'order.duplicate', title: '重复订单', aliases: ['duplicate orders'] },
  { id: 'therapist.list', title: '技师管理', aliases: ['therapists'] },
  { id: 'statement.list', title: '对账单', aliases: ['statements'] },
  { id: 'statement.export', title: '导出对账单', aliases: ['export statements'] },
  { id: 'sms.settings', title: '短信设置', aliases: ['sms settings'] },
  { id: 'log.login', title: '登录日志', aliases: ['login log'] },
  { id: 'sys.theme', title: 'Dark mode', aliases: ['theme'] },
  { id: 'sys.about', title: 'About', aliases: ['version'] },
];

const ids = (index: SearchIndex, query: string, opts?: Parameters<typeof rank>[2]) =>
  rank(index, query, opts).map((r) => r.id);
const first = (index: SearchIndex, query: string) => rank(index, query)[0];

let pinyin: PinyinSupport;
let index: SearchIndex;
beforeAll(async () => {
  pinyin = await loadPinyin();
  index = buildSearchIndex(COMMANDS, pinyin);
});

describe('palette search: 用户管理 and user.freeze', () => {
  it.each([
    ['yhgl', 'initials'],
    ['yonghu', 'pinyin'],
    ['yhguanli', 'pinyin'],
    ['yonghugl', 'pinyin'],
    ['yhgli', 'pinyin'],
    ['用户', 'title'],
    ['用户管理', 'title'],
    ['users', 'alias'],
    ['YHGL', 'initials'],
  ] as const)('%s finds 用户管理 first (matched %s)', (query, matched) => {
    expect(first(index, query)).toMatchObject({ id: 'user.list', matched });
  });

  it('typed letter by letter, y → yh → yhg → yhgl keeps 用户管理 on top once it is unambiguous', () => {
    expect(ids(index, 'y')).toContain('user.list');
    expect(ids(index, 'yh')[0]).toBe('user.list'); // 用户管理 before 用户导入: same tier, earlier
    expect(ids(index, 'yhg')).toEqual(['user.list']);
    expect(ids(index, 'yhgl')).toEqual(['user.list']);
  });

  it.each(['user.freeze', 'user freeze', '  User   FREEZE ', 'freeze user', 'djyh', 'dongjie'])(
    '%s finds the freeze command first',
    (query) => {
      expect(ids(index, query)[0]).toBe('user.freeze');
    },
  );

  it('reports which haystack matched', () => {
    expect(first(index, 'user.freeze')?.matched).toBe('id');
    expect(first(index, 'freeze user')?.matched).toBe('alias');
    expect(first(index, 'lock')).toMatchObject({ id: 'user.freeze', matched: 'keyword' });
    expect(first(index, 'guanli')?.matched).toBe('pinyin');
  });

  it('mixed pinyin matches consecutive syllables only', () => {
    expect(ids(index, 'guanli')).toEqual([
      'user.list',
      'role.list',
      'menu.list',
      'depart.list',
      'therapist.list',
    ]);
    expect(ids(index, 'yhgl')).not.toContain('user.freeze'); // 冻结用户 has yh but no gl after it
    expect(ids(index, 'hugl')).toEqual(['user.list']); // 户管: mid-title start
    expect(ids(index, 'ygl')[0]).toBe('user.list'); // skips 户: only a fuzzy match on the initials
    expect(first(index, 'ygl')?.score).toBeLessThan((TIER.subsequence + 1) * 1000);
  });

  it('space separates words, in any order as a last resort', () => {
    expect(first(index, '用户 冻结')).toMatchObject({ id: 'user.freeze', matched: 'title' });
    expect(first(index, 'yonghu guanli')?.id).toBe('user.list');
  });
});

describe('ranking order', () => {
  const tiers = buildSearchIndex([
    { id: 'a.sub', title: '租户用户管理' }, // substring
    { id: 'a.fuzzy', title: '用户权限管理' }, // subsequence only
    { id: 'a.prefix', title: '用户管理日志' }, // prefix
    { id: 'a.exact', title: '用户管理' }, // exact
  ]);

  it('exact title > prefix > substring > subsequence', () => {
    const r = rank(tiers, '用户管理');
    expect(r.map((x) => x.id)).toEqual(['a.exact', 'a.prefix', 'a.sub', 'a.fuzzy']);
    expect(r.map((x) => Math.floor(x.score / 1000))).toEqual([
      TIER.titleExact,
      TIER.titlePrefix,
      TIER.titleSubstring,
      TIER.subsequence,
    ]);
  });

  it('shorter titles win ties', () => {
    const ties = buildSearchIndex([
      { id: 'long', title: '订单导出记录' },
      { id: 'short', title: '订单导出' },
    ]);
    expect(ids(ties, '订单')).toEqual(['short', 'long']);
  });

  it('pinyin initials > full pinyin prefix > mixed pinyin > id/alias prefix', () => {
    const tierOf = (query: string, id: string) =>
      Math.floor((rank(index, query).find((r) => r.id === id)?.score ?? 0) / 1000);
    expect(tierOf('smdd', 'order.visit')).toBe(TIER.initialsExact);
    expect(tierOf('sm', 'order.visit')).toBe(TIER.initialsPrefix);
    expect(tierOf('shangmen', 'order.visit')).toBe(TIER.pinyinPrefix);
    expect(tierOf('dingdan', 'order.visit')).toBe(TIER.pinyinMixed);
    expect(tierOf('sm', 'sms.settings')).toBe(TIER.otherPrefix); // 短信设置 by its id only
    expect(ids(index, 'sm').slice(0, 2)).toEqual(['order.visit', 'sms.settings']);

    const mixed = buildSearchIndex(
      [
        { id: 'dingdan.export', title: 'Export', aliases: ['dingdan export'] },
        { id: 'order.visit', title: '上门订单' },
        { id: 'order.list', title: '订单' },
      ],
      pinyin,
    );
    expect(ids(mixed, 'dingdan')).toEqual(['order.list', 'order.visit', 'dingdan.export']);
    expect(first(index, 'duizhangdan')).toMatchObject({ id: 'statement.list', matched: 'pinyin' });
  });

  it('results are sorted by score', () => {
    const scores = rank(index, 'd').map((r) => r.score);
    expect(scores.length).toBeGreaterThan(5);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});

describe('recent commands', () => {
  it('boost a match within its tier', () => {
    expect(ids(index, 'guanli')[0]).toBe('user.list');
    expect(ids(index, 'guanli', { recent: ['menu.list', 'role.list'] }).slice(0, 3)).toEqual([
      'menu.list',
      'role.list',
      'user.list',
    ]);
  });

  it('never lift a weaker kind of match above a better one', () => {
    // 租户用户 (title substring) stays below 用户管理 (title prefix) though it was just run
    expect(ids(index, '用户', { recent: ['tenant.user'] })[0]).toBe('user.list');
  });

  it('an empty query lists recent first, then the rest in order, capped', () => {
    const r = rank(index, '   ', { recent: ['order.visit', 'nope', 'role.list', 'order.visit'], limit: 5 });
    expect(r.map((x) => x.id)).toEqual([
      'order.visit',
      'role.list',
      'user.list',
      'user.import',
      'user.freeze',
    ]);
    expect(r.every((x) => x.matched === 'none')).toBe(true);
    expect(r[0]!.score).toBeGreaterThan(r[1]!.score);
    expect(rank(index, '').length).toBe(COMMANDS.length);
  });
});

describe('limits and odd input', () => {
  const many = buildSearchIndex(
    Array.from({ length: 300 }, (_, i) => ({ id: `item.n${i}`, title: `Item ${i}` })),
  );

  it('caps the list at limit (50 by default)', () => {
    expect(rank(many, 'item').length).toBe(50);
    expect(rank(many, 'item', { limit: 7 }).length).toBe(7);
    expect(rank(many, 'item', { limit: 0 })).toEqual([]);
    expect(ids(many, 'item 29', { limit: 3 })).toEqual(['item.n29', 'item.n290', 'item.n291']);
  });

  it('finds nothing for a query matching nothing', () => {
    expect(rank(index, 'qqqzz')).toEqual([]);
    expect(rank(index, '警告')).toEqual([]);
  });

  it('handles titles without Chinese', () => {
    expect(first(index, 'dark')).toMatchObject({ id: 'sys.theme', matched: 'title' });
    expect(first(index, 'mode')).toMatchObject({ id: 'sys.theme', matched: 'title' });
    expect(first(index, 'theme')).toMatchObject({ id: 'sys.theme', matched: 'alias' });
    expect(first(index, 'about')).toMatchObject({ id: 'sys.about', matched: 'title' });
    expect(index.entries.find((e) => e.id === 'sys.about')?.syllables).toBeNull();
  });
});

describe('early exits', () => {
  it('do not change the top results (limit 20 = first 20 of an unlimited ranking)', () => {
    const domains = [
      '用户',
      '角色',
      '订单',
      '上门订单',
      '重复订单',
      '银行流水',
      '技师',
      '对账单',
      '会员',
      '长期套餐',
    ];
    const verbs = ['管理', '冻结', '导出', '重置', '审核', '详情', '新增', '删除'];
    const items: SearchItem[] = [];
    for (let i = 0; i < 2000; i++) {
      const d = domains[i % domains.length]!;
      const v = verbs[Math.floor(i / domains.length) % verbs.length]!;
      items.push({
        id: `d${i % domains.length}.v${i}`,
        title: `${d}${v}${i % 7 ? '' : '记录'}`,
        aliases: [`cmd ${i}`],
      });
    }
    const big = buildSearchIndex(items, pinyin);
    const recent = ['d3.v13', 'd1.v41', 'd0.v1990'];
    for (const q of ['y', 'yh', 'dd', 'zhi', 'chong', '订单', '单', 'cmd 1', 'd1', 'v19', 'gl', 'xq', 'x']) {
      for (const opts of [{}, { recent }]) {
        const all = rank(big, q, { ...opts, limit: Infinity });
        expect(rank(big, q, { ...opts, limit: 20 }), q).toEqual(all.slice(0, 20));
      }
    }
  });
});

describe('polyphones', () => {
  it('indexes alternative readings: 重置 is chong zhi though pinyin-pro reads zhong zhi', () => {
    expect(pinyin.syllables('重置密码')?.[0]).toEqual(['zhong', 'chong']);
    expect(first(index, 'czmm')).toMatchObject({ id: 'user.resetPassword', matched: 'initials' });
    expect(first(index, 'chongzhi')).toMatchObject({ id: 'user.resetPassword', matched: 'pinyin' });
    expect(first(index, 'chongzhimima')?.id).toBe('user.resetPassword');
    expect(first(index, 'zzmm')?.id).toBe('user.resetPassword'); // the primary reading too
  });

  it('ranks the primary reading above an alternative one', () => {
    const both = buildSearchIndex(
      [
        { id: 'reset', title: '重置' },
        { id: 'dup', title: '重复' },
      ],
      pinyin,
    );
    expect(ids(both, 'chong')).toEqual(['dup', 'reset']); // 重复 chong (primary), 重置 (alternative)
    expect(ids(both, 'zhong')).toEqual(['reset', 'dup']);
  });

  it('keeps at most three readings per character, shared between titles', () => {
    const syl = pinyin.syllables('银行对账单');
    expect(syl?.[1]).toHaveLength(3);
    expect(syl?.[1]?.[0]).toBe('hang');
    const twice = buildSearchIndex(
      [
        { id: 'a', title: '上门订单' },
        { id: 'b', title: '异常订单' },
      ],
      pinyin,
    );
    expect(twice.entries[0]!.syllables![3]).toBe(twice.entries[1]!.syllables![3]); // 单: one array
  });
});

describe('before pinyin support has loaded', () => {
  it('matches titles, ids and aliases, and pinyin once rebuilt', async () => {
    const loading = loadPinyin(); // cached: the same promise every time
    expect(loadPinyin()).toBe(loading);
    const plain = buildSearchIndex(COMMANDS);
    expect(plain.pinyin).toBe(false);
    expect(first(plain, '用户管理')?.id).toBe('user.list');
    expect(first(plain, 'users')).toMatchObject({ id: 'user.list', matched: 'alias' });
    expect(first(plain, 'user freeze')?.id).toBe('user.freeze');
    expect(ids(plain, 'yhgl')).not.toContain('user.list');
    const rebuilt = buildSearchIndex(COMMANDS, await loading);
    expect(first(rebuilt, 'yhgl')?.id).toBe('user.list');
  });
});
