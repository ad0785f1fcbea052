import type { SeedMenu } from './types.ts';

/** 组件示例: demonstration pages of shared components (visible to admin). */
export const DEMO_MENU: SeedMenu = {
  name: '组件示例',
  url: '/jeecg',
  component: 'layouts/RouteView',
  icon: 'appstore',
  children: [
    {
      name: '可编辑表格示例',
      url: '/jeecg/j-vxe-table-demo',
      component: 'jeecg/JVxeDemo',
    },
  ],
};
