/**
 * Seed data of the service catalogue: partners, projects and technicians of one city (杭州市), the
 * technicians spread over its districts with coordinates near each district's centre. Plain data:
 * rows are made from it in ./index.ts.
 */
import { residentIdCheckDigit } from '../../../../shared/resident-id.ts';

/** Districts of 杭州市 with the approximate centre of each (latitude, longitude). */
export const DISTRICTS = [
  { code: '330102', name: '上城区', lat: 30.2425, lng: 120.1693 },
  { code: '330105', name: '拱墅区', lat: 30.3197, lng: 120.1418 },
  { code: '330106', name: '西湖区', lat: 30.2595, lng: 120.1304 },
  { code: '330108', name: '滨江区', lat: 30.2084, lng: 120.2119 },
  { code: '330109', name: '萧山区', lat: 30.1837, lng: 120.2645 },
  { code: '330110', name: '余杭区', lat: 30.2737, lng: 120.0191 },
  { code: '330113', name: '临平区', lat: 30.419, lng: 120.2995 },
  { code: '330114', name: '钱塘区', lat: 30.303, lng: 120.493 },
] as const;

export const PARTNERS = [
  {
    key: 'xihu-yuexiang',
    name: '杭州西湖悦享推拿有限公司',
    partnerType: '2',
    contact: '周敏',
    mobile: '13857101234',
    area: '330106',
    address: '文三路 478 号华星时代广场 A 座 1203 室',
    bankName: '招商银行杭州分行',
    bankAccount: '6225881234567890',
    accountName: '杭州西湖悦享推拿有限公司',
    shareRatio: '30.00',
    status: '1',
  },
  {
    key: 'binjiang-kangle',
    name: '滨江康乐到家工作室',
    partnerType: '1',
    contact: '陈立强',
    mobile: '13958002345',
    area: '330108',
    address: '江南大道 3850 号创意城 2 幢 508 室',
    bankName: '中国工商银行杭州高新支行',
    bankAccount: '6222021202003456789',
    accountName: '陈立强',
    shareRatio: '25.00',
    status: '1',
  },
  {
    key: 'shangcheng-jiankang',
    name: '上城颐康养生服务有限公司',
    partnerType: '2',
    contact: '王丽华',
    mobile: '15088703456',
    area: '330102',
    address: '解放路 138 号 6 楼',
    bankName: '中国建设银行杭州城东支行',
    bankAccount: '6217001540012345678',
    accountName: '上城颐康养生服务有限公司',
    shareRatio: '28.50',
    status: '1',
  },
  {
    key: 'yuhang-shuxin',
    name: '余杭舒心理疗中心',
    partnerType: '2',
    contact: '李建国',
    mobile: '18767104567',
    area: '330110',
    address: '文一西路 998 号海创园 18 幢 3 楼',
    bankName: '杭州银行科技支行',
    bankAccount: '6214831234509876',
    accountName: '余杭舒心理疗中心',
    shareRatio: '30.00',
    status: '0',
  },
] as const;

const html = (intro: string, steps: string[]) =>
  `<p>${intro}</p><h3>服务流程</h3><ol>${steps.map((s) => `<li>${s}</li>`).join('')}</ol>`;

export const PROJECTS = [
  [
    '全身推拿',
    'massage',
    60,
    '198.00',
    '258.00',
    '久坐上班族、全身疲劳者',
    '以传统中医推拿手法放松全身肌肉，疏通经络。',
  ],
  [
    '肩颈调理',
    'massage',
    45,
    '158.00',
    '198.00',
    '肩颈酸痛、长期伏案者',
    '针对肩颈部位的深层放松，缓解颈肩僵硬。',
  ],
  ['腰背舒缓', 'massage', 60, '188.00', '238.00', '腰背劳损、久站久坐者', '沿脊柱两侧推按，舒缓腰背紧张。'],
  ['头部放松', 'massage', 30, '88.00', '108.00', '失眠多梦、用脑过度者', '头面部穴位按揉，帮助放松入眠。'],
  ['产后修复推拿', 'massage', 90, '298.00', '368.00', '产后三个月以上女性', '温和手法帮助产后身体恢复。'],
  ['中式足疗', 'foot', 60, '138.00', '168.00', '足部疲劳、睡眠不佳者', '药包泡脚后按揉足底反射区。'],
  ['泰式足疗', 'foot', 75, '168.00', '208.00', '下肢沉重、运动后放松', '泰式手法拉伸腿部并按压足底。'],
  ['精油开背', 'spa', 60, '228.00', '288.00', '背部僵硬、压力较大者', '芳香精油配合推、揉、滑手法放松背部。'],
  ['全身精油SPA', 'spa', 90, '358.00', '458.00', '需要深度放松的客户', '全身精油按摩，舒缓身心。'],
  ['艾灸养生', 'moxa', 60, '168.00', '218.00', '体寒怕冷、手脚冰凉者', '温和灸关元、足三里等穴位。'],
  ['三伏灸', 'moxa', 45, '128.00', '168.00', '冬病夏治调理人群', '三伏天贴敷与艾灸结合。'],
  ['拔罐刮痧', 'cupping', 45, '118.00', '148.00', '湿气重、肌肉酸胀者', '走罐与刮痧结合，祛湿解乏。'],
  ['采耳', 'ear', 40, '98.00', '128.00', '耳部清洁放松', '专业工具清洁耳道并按摩耳廓。'],
  ['小儿推拿', 'massage', 30, '128.00', '158.00', '3 至 12 岁儿童', '小儿专用推拿手法，调理脾胃。'],
].map(([name, category, duration, price, listPrice, suitable, intro], i) => ({
  name: name as string,
  category: category as string,
  duration: duration as number,
  price: price as string,
  listPrice: listPrice as string,
  suitable: suitable as string,
  description: html(intro as string, [
    '上门前电话确认时间地址',
    '沟通身体状况与禁忌',
    '按项目时长完成服务',
    '服务后给出日常建议',
  ]),
  // 小儿推拿 waits for a certified technician: off sale
  status: name === '小儿推拿' ? '0' : '1',
  sort: (i + 1) * 10,
}));

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林高罗郑梁谢宋唐许韩冯邓曹'.split('');
const GIVEN = [
  '静',
  '芳',
  '敏',
  '丽',
  '娜',
  '婷',
  '雪',
  '琳',
  '强',
  '军',
  '磊',
  '伟',
  '慧',
  '欣',
  '悦',
  '晨',
];
const SECOND = ['怡', '宁', '涵', '佳', '雨', '文', '思', '子', '明', '浩', '然', '安'];
const LEVELS = ['junior', 'middle', 'senior', 'gold'];

/** An 18-digit ID card number with its GB 11643 check digit. */
function idCard(area: string, birth: string, seq: number): string {
  const body = `${area}${birth}${String(seq).padStart(3, '0')}`;
  return body + residentIdCheckDigit(body);
}

/** 32 technicians, four per district, each with partner, level, areas, location and status. */
export const TECHNICIANS = Array.from({ length: 32 }, (_, i) => {
  const district = DISTRICTS[i % DISTRICTS.length]!;
  const neighbour = DISTRICTS[(i + 1) % DISTRICTS.length]!;
  const female = i % 5 !== 0;
  // deterministic spread of about ±2 km around the district centre
  const jitter = (n: number) => (((n * 7919) % 401) - 200) / 10000;
  const year = 1985 + (i % 14);
  const month = String((i % 12) + 1).padStart(2, '0');
  const day = String((i % 27) + 1).padStart(2, '0');
  return {
    key: `tech-${i + 1}`,
    name: `${SURNAMES[i % SURNAMES.length]}${female ? GIVEN[i % 8] : GIVEN[8 + (i % 4)]}${SECOND[i % SECOND.length]}`,
    sex: female ? '2' : '1',
    mobile: `138${String(57100000 + i * 137).padStart(8, '0')}`,
    idCard: idCard(district.code, `${year}${month}${day}`, 100 + i * 2 + (female ? 0 : 1)),
    level: LEVELS[i % LEVELS.length]!,
    partnerKey: PARTNERS[i % 3]!.key,
    serviceAreas: i % 3 === 0 ? district.code : `${district.code},${neighbour.code}`,
    location: { lat: district.lat + jitter(i + 1), lng: district.lng + jitter(i + 7) },
    // mostly online; a few resting or busy, one stopped
    workStatus: i === 31 ? '4' : i % 7 === 3 ? '3' : i % 9 === 4 ? '2' : '1',
    rating: (4.5 + ((i * 3) % 6) / 10).toFixed(1),
    joinDate: `${2021 + (i % 5)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 26) + 1).padStart(2, '0')}`,
    intro: `从业 ${2 + (i % 9)} 年，擅长${['推拿按摩', '足疗', '精油SPA', '艾灸理疗'][i % 4]}，服务耐心细致。`,
    /** projects offered (indexes into PROJECTS, on sale ones) and an own price for the first */
    projects: [0, 1, 5, 7, 9, 11, 2, 12].filter((_, j) => (i + j) % 3 !== 0).slice(0, 3 + (i % 4)),
    ownPrice: i % 4 === 0 ? '178.00' : null,
  };
});
