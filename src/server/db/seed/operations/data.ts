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
