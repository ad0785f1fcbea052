import type { SeedMenu } from './types.ts';

/*
 * Business areas, part 1 (spec §1): banner, merchant records, configuration, materials mall.
 * URL scheme: /yy/<area> folder → /yy/<area>/<screen> page; components yy/<area>/Yy<Entity>List.
 */

export const BANNER_MENU: SeedMenu = {
  name: '轮播图',
  url: '/yy/banner',
  component: 'layouts/RouteView',
  icon: 'picture',
  children: [
    {
      name: '轮播图管理',
      url: '/yy/banner/list',
      component: 'yy/banner/YyImagesList',
    },
  ],
};

export const PARTNER_MENU: SeedMenu = {
  name: '商户档案',
  url: '/yy/partner',
  component: 'layouts/RouteView',
  icon: 'shop',
  children: [
    {
      name: '商户列表',
      url: '/yy/partner/list',
      component: 'yy/partner/YyPartnerList',
    },
  ],
};

export const CUSTOMER_MENU: SeedMenu = {
  name: '客户管理',
  url: '/yy/customer',
  component: 'layouts/RouteView',
  icon: 'user',
  children: [
    {
      name: '客户列表',
      url: '/yy/customer/list',
      component: 'yy/customer/YyUserList',
    },
  ],
};

export const CONFIG_MENU: SeedMenu = {
  name: '配置',
  url: '/yy/config',
  component: 'layouts/RouteView',
  icon: 'tool',
  children: [
    {
      name: '车费',
      url: '/yy/config/fare',
      component: 'yy/config/YyFareList',
    },
    {
      name: '平台配置',
      url: '/yy/config/platform',
      component: 'yy/config/YyPlatformConfigList',
    },
    {
      name: '版本',
      url: '/yy/config/appVersion',
      component: 'yy/config/YyAppVersionList',
    },
  ],
};

export const MALL_MENU: SeedMenu = {
  name: '物料商城',
  url: '/yy/mall',
  component: 'layouts/RouteView',
  icon: 'shopping',
  children: [
    {
      name: '商品',
      url: '/yy/mall/goods',
      component: 'yy/mall/YyGoodsList',
    },
    {
      name: '物料订单',
      url: '/yy/mall/materialOrder',
      component: 'yy/mall/YyMaterialOrderList',
    },
    {
      name: '技师财务统计',
      url: '/yy/mall/techFinance',
      component: 'yy/mall/YyTechFinanceList',
    },
  ],
};
