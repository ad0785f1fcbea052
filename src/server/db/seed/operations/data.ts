/** Seed data of the operations screens (see index.ts). */

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
    ['310100', '3', '15.00', '3.00', '18.00', '22.00', '4.00', '25.00', '上海市'],
    ['110100', '3', '15.00', '3.00', '18.00', '22.00', '4.00', '25.00', '北京市'],
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
