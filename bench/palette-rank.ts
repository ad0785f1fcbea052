/**
 * palette-rank: the command palette's own ranking (`rank()` over a prebuilt `SearchIndex`, limit 50)
 * next to cmdk's built-in filter on the same 10,000 generated commands. Timings are printed, never asserted.
 */
import v8 from 'node:v8';
import vm from 'node:vm';
// cmdk 1.1 does not export its scorer (package "exports" has only "."), but ships it as its own
// file, the very one its <Command> default filter calls: load that file by path, no re-implementation
import { commandScore } from '../node_modules/cmdk/dist/command-score.mjs';
import { loadPinyin } from '../src/web/shell/palette/pinyin.ts';
import { rank } from '../src/web/shell/palette/rank.ts';
import { buildSearchIndex, type SearchItem } from '../src/web/shell/palette/search-index.ts';
import type { Benchmark } from './lib/bench.ts';
import { measureEach, ms, printTable, ratio } from './lib/stats.ts';

const envInt = (name: string, dflt: number) => {
  const v = process.env[name];
  return v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : dflt;
};
const COMMANDS = envInt('BENCH_COMMANDS', 10_000);
const ITERATIONS = envInt('BENCH_ITERATIONS', 200);
const LIMIT = 50;

// 50 domains × 20 verbs × 10 scopes = 10,000 distinct titles (polyphones included: 重, 行, 单, 长)
const DOMAINS: Array<[string, string]> = [
  ['用户', 'user'],
  ['角色', 'role'],
  ['菜单', 'menu'],
  ['部门', 'depart'],
  ['订单', 'order'],
  ['上门订单', 'visitOrder'],
  ['异常订单', 'abnormalOrder'],
  ['重复订单', 'duplicateOrder'],
  ['技师', 'therapist'],
  ['对账单', 'statement'],
  ['会员', 'member'],
  ['优惠券', 'coupon'],
  ['门店', 'store'],
  ['排班', 'schedule'],
  ['服务项目', 'service'],
  ['评价', 'review'],
  ['退款', 'refund'],
  ['支付', 'payment'],
  ['发票', 'invoice'],
  ['消息', 'message'],
  ['通知', 'notice'],
  ['日志', 'log'],
  ['字典', 'dict'],
  ['租户', 'tenant'],
  ['岗位', 'position'],
  ['权限', 'permission'],
  ['数据源', 'datasource'],
  ['定时任务', 'job'],
  ['文件', 'file'],
  ['报表', 'report'],
  ['地址', 'address'],
  ['区域', 'region'],
  ['车辆', 'vehicle'],
  ['库存', 'stock'],
  ['商品', 'product'],
  ['分类', 'category'],
  ['活动', 'campaign'],
  ['积分', 'points'],
  ['钱包', 'wallet'],
  ['提现', 'withdrawal'],
  ['结算', 'settlement'],
  ['佣金', 'commission'],
  ['投诉', 'complaint'],
  ['预约', 'booking'],
  ['客户', 'customer'],
  ['合同', 'contract'],
  ['审批', 'approval'],
  ['工单', 'ticket'],
  ['银行流水', 'bankFlow'],
  ['长期套餐', 'longPackage'],
];
const VERBS: Array<[string, string]> = [
  ['管理', 'manage'],
  ['新增', 'add'],
  ['编辑', 'edit'],
  ['删除', 'delete'],
  ['冻结', 'freeze'],
  ['解冻', 'unfreeze'],
  ['导出', 'export'],
  ['导入', 'import'],
  ['查询', 'search'],
  ['审核', 'audit'],
  ['统计', 'stats'],
  ['详情', 'detail'],
  ['列表', 'list'],
  ['配置', 'config'],
  ['重置', 'reset'],
  ['分配', 'assign'],
  ['同步', 'sync'],
  ['归档', 'archive'],
  ['打印', 'print'],
  ['复制', 'copy'],
];
const SCOPES: Array<[string, string]> = [
  ['', ''],
  ['批量', 'bulk'],
  ['门店', 'store'],
  ['区域', 'region'],
  ['历史', 'history'],
  ['待办', 'todo'],
  ['我的', 'my'],
  ['全部', 'all'],
  ['临时', 'temp'],
  ['总部', 'hq'],
];

/** `COMMANDS` commands: title scope+domain+verb, id `domainN.verbM`, English alias, a keyword. */
export function generateCommands(n: number): SearchItem[] {
  const out: SearchItem[] = [];
  for (let i = 0; i < n; i++) {
    const [verb, verbEn] = VERBS[i % VERBS.length]!;
    const [domain, domainEn] = DOMAINS[Math.floor(i / VERBS.length) % DOMAINS.length]!;
    const s = Math.floor(i / (VERBS.length * DOMAINS.length));
    const [scope, scopeEn] = SCOPES[s % SCOPES.length]!;
    const round = Math.floor(s / SCOPES.length); // only when n > 10,000
    const suffix = s + round ? String(s + round * SCOPES.length) : '';
    out.push({
      id: `${domainEn}${suffix}.${verbEn}`,
      title: `${scope}${domain}${verb}${round ? ` ${round + 1}` : ''}`,
      aliases: [`${verbEn} ${scopeEn ? `${scopeEn} ` : ''}${domainEn}`],
      keywords: [domainEn],
    });
  }
  return out;
}

/** cmdk's default filter, as <Command> runs it on every item: score value + keywords, keep > 0, sort. */
function cmdkFilter(items: ReadonlyArray<{ value: string; keywords: string[] }>, search: string) {
  const scored: Array<[number, number]> = [];
  for (let i = 0; i < items.length; i++) {
    const s = commandScore(items[i]!.value, search, items[i]!.keywords);
    if (s > 0) scored.push([i, s]);
  }
  return scored.sort((a, b) => b[1] - a[1]);
}

function heapUsedAfterGc(gc: () => void): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

async function run(): Promise<void> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const items = generateCommands(COMMANDS);

  let t = performance.now();
  const pinyin = await loadPinyin();
  const loadMs = performance.now() - t;
  // warm pinyin-pro up (lazy dictionaries, JIT) so the heap figures below are the indexes' own
  buildSearchIndex(generateCommands(500), pinyin);

  const before = heapUsedAfterGc(gc);
  t = performance.now();
  const plain = buildSearchIndex(items);
  const plainMs = performance.now() - t;
  const plainBytes = heapUsedAfterGc(gc) - before;
  t = performance.now();
  const index = buildSearchIndex(items, pinyin);
  const buildMs = performance.now() - t;
  const bytes = heapUsedAfterGc(gc) - before - plainBytes;
  t = performance.now();
  buildSearchIndex(items, pinyin);
  const rebuildMs = performance.now() - t;
  const polyphones = index.entries.filter((e) => e.polyphone).length;
  console.log(
    `data: ${items.length} commands (e.g. ${items[5]!.title} ${items[5]!.id}, ${items.at(-1)!.title} ${items.at(-1)!.id}); ` +
      `${polyphones} titles with polyphones`,
  );
  console.log(
    `pinyin-pro import ${ms(loadMs)} ms; index without pinyin ${ms(plainMs)} ms, ~${(plainBytes / 2 ** 20).toFixed(1)} MiB; ` +
      `with pinyin ${ms(buildMs)} ms (again: ${ms(rebuildMs)} ms), ~${(bytes / 2 ** 20).toFixed(1)} MiB ` +
      `(heap growth after GC, approximate)`,
  );

  // cmdk gets the same searchable text: value = title, keywords = id, aliases, keywords, and the
  // full pinyin and initials (what a cmdk palette needs to find 用户管理 by `yonghu` or `yhgl`)
  const cmdkItems = index.entries.map((e, i) => ({
    value: e.title,
    keywords: [e.id, ...(items[i]!.aliases ?? []), ...(items[i]!.keywords ?? []), e.full, e.initials].filter(
      Boolean,
    ),
  }));
  const queries = [
    'yhgl',
    'yonghu',
    '用户',
    'dd',
    'shangmen',
    'x',
    'freeze',
    '单',
    'yhguanli',
    'shenhe',
    'y',
    'yh',
    'yhg',
  ];
  console.log(
    `timing: ${ITERATIONS} rounds per query after 20 warm-up rounds, ours and cmdk interleaved; ` +
      `ours = rank(index, q, { limit: ${LIMIT} }); cmdk = commandScore(value, q, keywords) on every item, ` +
      `keep > 0, sort (no rendering, no DOM reordering); ms per keystroke`,
  );
  const rows: string[][] = [];
  let typedOurs = 0;
  let typedCmdk = 0;
  for (const q of queries) {
    const ours = rank(index, q, { limit: LIMIT });
    const theirs = cmdkFilter(cmdkItems, q);
    const top = ours[0]
      ? `${index.entries[index.positions.get(ours[0].id)!]!.title} (${ours[0].matched})`
      : '-';
    const cmdkTop = theirs[0] ? cmdkItems[theirs[0][0]]!.value : '-';
    const [a, b] = await measureEach(
      [async () => rank(index, q, { limit: LIMIT }), async () => cmdkFilter(cmdkItems, q)],
      { warmup: 20, iterations: ITERATIONS, minIterations: 20, budgetMs: 15_000 },
    );
    if (['y', 'yh', 'yhg', 'yhgl'].includes(q)) {
      typedOurs += a!.median;
      typedCmdk += b!.median;
    }
    rows.push([
      q,
      String(ours.length),
      top,
      ms(a!.median),
      ms(a!.p95),
      String(theirs.length),
      cmdkTop,
      ms(b!.median),
      ms(b!.p95),
      ratio(b!.median, a!.median),
    ]);
  }
  const noPinyin = await measureEach([async () => rank(plain, 'yhgl', { limit: LIMIT })], {
    warmup: 20,
    iterations: ITERATIONS,
  });
  console.log('');
  printTable(
    [
      'query',
      'ours: hits',
      'ours: first',
      'median',
      'p95',
      'cmdk: hits',
      'cmdk: first',
      'median',
      'p95',
      'cmdk/ours',
    ],
    rows,
    { leftAlign: [0, 2, 6] },
  );
  console.log(
    `\ntyped like a person, y → yh → yhg → yhgl (sum of medians): ours ${ms(typedOurs)} ms, cmdk ${ms(typedCmdk)} ms ` +
      `(${ratio(typedCmdk, typedOurs)})`,
  );
  console.log(
    `before pinyin-pro has loaded (index without pinyin), 'yhgl': median ${ms(noPinyin[0]!.median)} ms`,
  );
}

export const paletteRank: Benchmark = {
  name: 'palette-rank',
  description: "palette ranking over 10,000 commands: rank() (limit 50) vs. cmdk's built-in filter",
  run,
};
