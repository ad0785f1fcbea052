import { PERM } from '../../../../shared/permissions.ts';
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
      buttons: [
        { name: '查询', perms: PERM.banner.list },
        { name: '添加', perms: PERM.banner.add },
        { name: '编辑', perms: PERM.banner.edit },
        { name: '删除', perms: PERM.banner.delete },
        { name: '启用/禁用', perms: PERM.banner.forbid },
      ],
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
      buttons: [
        { name: '查询', perms: PERM.partner.list },
        { name: '添加', perms: PERM.partner.add },
        { name: '编辑', perms: PERM.partner.edit },
        { name: '删除', perms: PERM.partner.delete },
        { name: '修改状态', perms: PERM.partner.updateStatus },
        { name: '导出', perms: PERM.partner.export },
        { name: '导入', perms: PERM.partner.import },
      ],
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
      buttons: [
        { name: '查询', perms: PERM.customer.list },
        { name: '添加', perms: PERM.customer.add },
        { name: '编辑', perms: PERM.customer.edit },
        { name: '删除', perms: PERM.customer.delete },
        { name: '导出', perms: PERM.customer.export },
      ],
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
      buttons: [
        { name: '查询', perms: PERM.fare.list },
        { name: '添加', perms: PERM.fare.add },
        { name: '编辑', perms: PERM.fare.edit },
        { name: '删除', perms: PERM.fare.delete },
        { name: '导出', perms: PERM.fare.export },
        { name: '导入', perms: PERM.fare.import },
      ],
    },
    {
      name: '平台配置',
      url: '/yy/config/platform',
      component: 'yy/config/YyPlatformConfigList',
      buttons: [
        { name: '查询', perms: PERM.platformConfig.list },
        { name: '编辑', perms: PERM.platformConfig.edit },
        { name: '导出', perms: PERM.platformConfig.export },
      ],
    },
    {
      name: '版本',
      url: '/yy/config/appVersion',
      component: 'yy/config/YyAppVersionList',
      buttons: [
        { name: '查询', perms: PERM.appVersion.list },
        { name: '添加', perms: PERM.appVersion.add },
        { name: '编辑', perms: PERM.appVersion.edit },
        { name: '删除', perms: PERM.appVersion.delete },
      ],
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
      buttons: [
        { name: '查询', perms: PERM.goods.list },
        { name: '添加', perms: PERM.goods.add },
        { name: '编辑', perms: PERM.goods.edit },
        { name: '删除', perms: PERM.goods.delete },
        { name: '导出', perms: PERM.goods.export },
        { name: '导入', perms: PERM.goods.import },
      ],
    },
    {
      name: '物料订单',
      url: '/yy/mall/materialOrder',
      component: 'yy/mall/YyMaterialOrderList',
      buttons: [
        { name: '查询', perms: PERM.materialOrder.list },
        { name: '添加', perms: PERM.materialOrder.add },
        { name: '编辑', perms: PERM.materialOrder.edit },
        { name: '删除', perms: PERM.materialOrder.delete },
        { name: '导出', perms: PERM.materialOrder.export },
        { name: '导入', perms: PERM.materialOrder.import },
      ],
    },
    {
      name: '技师财务统计',
      url: '/yy/mall/techFinance',
      component: 'yy/mall/YyTechFinanceList',
      buttons: [
        { name: '查询', perms: PERM.techFinance.list },
        { name: '导出', perms: PERM.techFinance.export },
      ],
    },
  ],
};
