/** Seed data of the operations screens (see index.ts). */
import { stableId } from '../../../lib/query/ids.ts';

const APK = (app: string, name: string) =>
  `https://download.yuedaojia.com/${app}/android/yuedaojia-${app}-${name}.apk`;
const IOS = (id: string) => `https://apps.apple.com/cn/app/id${id}`;

/** Releases: per app and platform a few published ones and one not yet published. */
export const APP_VERSIONS = [
  ...(
    [
      ['customer', '1460000001'],
      ['technician', '1460000002'],
    ] as const
  ).flatMap(([app, appleId]) =>
    (
      [
        ['2.3.0', 230, true, false, '新增会员等级与积分；优化下单流程'],
        ['2.4.0', 240, true, false, '支持预约指定技师；修复地址定位偏差'],
        ['2.4.1', 241, true, true, '修复支付回调偶发失败的问题（强制更新）'],
        ['2.5.0', 250, false, false, '新版首页与服务分类（灰度测试中）'],
      ] as const
    ).flatMap(([versionName, versionCode, published, forceUpdate, notes]) =>
      (['android', 'ios'] as const).map((platform) => ({
        app,
        platform,
        versionName,
        versionCode,
        downloadUrl: platform === 'android' ? APK(app, versionName) : IOS(appleId),
        forceUpdate,
        published,
        notes,
      })),
    ),
  ),
];

/** Fare rules of the cities served: day 07:00–22:00, night 22:00–07:00 (dearer). */
export const FARES = (
  [
    ['330100', '3', '12.00', '2.50', '15.00', '18.00', '3.50', '20.00', '杭州市'],
    ['310000', '3', '15.00', '3.00', '18.00', '22.00', '4.00', '25.00', '上海市'],
    ['110000', '3', '15.00', '3.00', '18.00', '22.00', '4.00', '25.00', '北京市'],
    ['320100', '2', '10.00', '2.00', '12.00', '15.00', '3.00', '16.00', '南京市'],
  ] as const
).flatMap(([cityCode, freeKm, dayBase, dayKm, dayMin, nightBase, nightKm, nightMin, city]) => [
  {
    cityCode,
    period: 'day',
    startTime: '07:00',
    endTime: '22:00',
    freeKm,
    baseFare: dayBase,
    pricePerKm: dayKm,
    minFare: dayMin,
    remark: `${city}白天`,
  },
  {
    cityCode,
    period: 'night',
    startTime: '22:00',
    endTime: '07:00',
    freeKm,
    baseFare: nightBase,
    pricePerKm: nightKm,
    minFare: nightMin,
    remark: `${city}夜间（22:00 至次日 07:00）`,
  },
]);

type Rgb = readonly [number, number, number];

/** Banners: picture colours, position (BANNER_POSITIONS), link. */
export const BANNERS: ReadonlyArray<{
  key: string;
  title: string;
  position: string;
  linkType: 'none' | 'url' | 'project';
  linkTarget: string | null;
  sortNo: number;
  status: string;
  colors: readonly [Rgb, Rgb];
}> = [
  {
    key: 'spring',
    title: '春季焕新 全身推拿首单立减30元',
    position: '1',
    linkType: 'url',
    linkTarget: 'https://m.yuedaojia.com/activity/spring',
    sortNo: 1,
    status: '1',
    colors: [
      [255, 153, 102],
      [255, 94, 98],
    ],
  },
  {
    key: 'member',
    title: '开通金卡会员 每单享9折',
    position: '1',
    linkType: 'url',
    linkTarget: 'https://m.yuedaojia.com/member',
    sortNo: 2,
    status: '1',
    colors: [
      [247, 206, 104],
      [251, 171, 126],
    ],
  },
  {
    key: 'night',
    title: '夜间上门 22点后照常服务',
    position: '1',
    linkType: 'none',
    linkTarget: null,
    sortNo: 3,
    status: '1',
    colors: [
      [44, 62, 80],
      [76, 161, 175],
    ],
  },
  {
    key: 'service',
    title: '肩颈理疗 专业技师上门',
    position: '2',
    // the seeded service project (catalogue seed: ids are stable per project name)
    linkType: 'project',
    linkTarget: stableId('project:肩颈调理'),
    sortNo: 1,
    status: '1',
    colors: [
      [67, 206, 162],
      [24, 90, 157],
    ],
  },
  {
    key: 'mall',
    title: '技师物料 精油器械一站购齐',
    position: '4',
    linkType: 'url',
    linkTarget: 'https://m.yuedaojia.com/mall',
    sortNo: 1,
    status: '1',
    colors: [
      [142, 45, 226],
      [74, 0, 224],
    ],
  },
  {
    key: 'invite',
    title: '邀请好友 各得20元券（已结束）',
    position: '5',
    linkType: 'none',
    linkTarget: null,
    sortNo: 1,
    status: '0',
    colors: [
      [189, 195, 199],
      [44, 62, 80],
    ],
  },
];

/** Goods of the materials mall: name, category (GOODS_CATEGORIES), spec, price, stock, status. */
export const GOODS_ROWS: ReadonlyArray<readonly [string, string, string, string, number, string]> = [
  ['薰衣草舒缓按摩精油', '1', '100ml/瓶', '68.00', 320, '1'],
  ['甜杏仁基础油', '1', '500ml/瓶', '98.00', 150, '1'],
  ['生姜暖身精油', '1', '50ml/瓶', '58.00', 210, '1'],
  ['艾草足浴包', '1', '30包/盒', '45.00', 400, '1'],
  ['便携折叠按摩床', '2', '185×70cm', '1280.00', 35, '1'],
  ['筋膜枪（四档）', '2', '标准版', '399.00', 60, '1'],
  ['刮痧板套装', '2', '砭石 3件', '88.00', 120, '1'],
  ['一次性床单', '3', '50张/包', '39.90', 800, '1'],
  ['一次性按摩巾', '3', '100条/包', '29.90', 650, '1'],
  ['一次性拖鞋', '3', '20双/包', '25.00', 500, '1'],
  ['技师工装（春夏）', '4', 'M/L/XL', '159.00', 90, '1'],
  ['技师工装（秋冬）', '4', 'M/L/XL', '219.00', 0, '0'],
];

/** A deterministic random sequence (the seed data is the same on every install). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '洋',
  '艳',
  '勇',
  '军',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '霞',
  '平',
  '刚',
  '桂英',
  '婷',
  '雪',
  '晨',
  '欣怡',
  '子涵',
  '梓萱',
  '浩然',
  '宇轩',
  '一诺',
  '思远',
];
const NICK = ['小', '阿', '大', '老'];
const NICK_TAIL = [
  '爱睡觉',
  '要放松',
  '的肩颈',
  '不加班',
  '想按摩',
  '同学',
  '姐',
  '哥',
  '宝',
  '猫',
  '_hz',
  '2024',
];
/** 杭州 districts with a centre to spread addresses around (lat, lng), and streets in them. */
const DISTRICTS: ReadonlyArray<readonly [string, number, number, readonly string[]]> = [
  ['330102', 30.2425, 120.1692, ['解放路', '清泰街', '望江路', '南山路']],
  ['330105', 30.3197, 120.142, ['湖墅南路', '莫干山路', '丽水路', '大关路']],
  ['330106', 30.2593, 120.1301, ['文三路', '天目山路', '古墩路', '文一西路', '教工路']],
  ['330108', 30.2084, 120.2119, ['江南大道', '滨盛路', '长河路', '网商路']],
  ['330109', 30.1623, 120.2643, ['市心路', '金城路', '育才路']],
  ['330110', 30.4185, 120.2996, ['文一西路', '五常大道', '良睦路']],
  ['330114', 30.2986, 120.344, ['学林街', '海达南路']],
];
const PREFIXES = [
  '130',
  '131',
  '135',
  '137',
  '138',
  '139',
  '150',
  '151',
  '152',
  '155',
  '157',
  '158',
  '159',
  '170',
  '177',
  '180',
  '185',
  '186',
  '187',
  '188',
];
const COMMUNITIES = ['花园', '小区', '公寓', '家园', '苑', '府', '城'];

/** ≥ 200 customers with 1–3 addresses each in 杭州, registered over the last two years. */
export function customerRows(count = 216, now = new Date('2026-11-01T10:00:00+08:00')) {
  const rnd = seededRandom(20261101);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const mobiles = new Set<string>();
  return Array.from({ length: count }, (_, i) => {
    let mobile = '';
    do mobile = pick(PREFIXES) + String(Math.floor(rnd() * 1e8)).padStart(8, '0');
    while (mobiles.has(mobile));
    mobiles.add(mobile);
    const surname = pick([...SURNAMES]);
    const realName = surname + pick(GIVEN);
    const sex = rnd() < 0.62 ? '2' : '1';
    const level = rnd();
    const registerTime = new Date(now.getTime() - Math.floor(rnd() * 730 * 86_400_000));
    const balanceFen =
      level > 0.7 ? Math.floor(rnd() * 200_000) : rnd() < 0.3 ? Math.floor(rnd() * 5_000) : 0;
    const addresses = Array.from({ length: 1 + Math.floor(rnd() * 3) }, (_, j) => {
      const [areaCode, lat, lng, streets] = pick(DISTRICTS);
      return {
        contact: j === 0 ? realName : surname + pick(GIVEN),
        mobile: j === 0 ? mobile : pick(PREFIXES) + String(Math.floor(rnd() * 1e8)).padStart(8, '0'),
        areaCode,
        detail: `${pick(streets)}${1 + Math.floor(rnd() * 400)}号${pick(['金色', '阳光', '翠苑', '西溪', '钱江', '和睦', '星河', '云栖'])}${pick(COMMUNITIES)}${1 + Math.floor(rnd() * 30)}幢${1 + Math.floor(rnd() * 3)}单元${100 + Math.floor(rnd() * 2800)}室`,
        location: {
          x: Number((lng + (rnd() - 0.5) * 0.06).toFixed(6)),
          y: Number((lat + (rnd() - 0.5) * 0.05).toFixed(6)),
        },
        isDefault: j === 0,
        sortNo: j + 1,
      };
    });
    return {
      key: `customer:${i + 1}`,
      nickname: rnd() < 0.5 ? pick(NICK) + realName.slice(-1) + pick(NICK_TAIL) : `悦客${mobile.slice(-4)}`,
      realName: rnd() < 0.8 ? realName : null,
      mobile,
      sex,
      memberLevel: level > 0.95 ? '4' : level > 0.85 ? '3' : level > 0.6 ? '2' : '1',
      balance: `${Math.floor(balanceFen / 100)}.${String(balanceFen % 100).padStart(2, '0')}`,
      status: rnd() < 0.03 ? '2' : '1',
      registerTime,
      source: pick(['1', '1', '1', '2', '2', '3', '4', '5']),
      addresses,
    };
  });
}
