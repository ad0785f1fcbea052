/** 商品 (yy_goods): the materials mall's goods (oils, devices, consumables) technicians buy. */
import { auditFields, defineResource } from './define.ts';

export const GOODS_CATEGORIES = [
  { value: '1', text: '按摩精油' },
  { value: '2', text: '理疗器械' },
  { value: '3', text: '一次性耗材' },
  { value: '4', text: '工装' },
  { value: '5', text: '其他' },
] as const;

export const GOODS_STATUS = [
  { value: '1', text: '上架' },
  { value: '0', text: '下架' },
] as const;

export const GOODS_MSG = {
  price: '价格须为0到1000000之间的金额，最多两位小数',
  stock: '库存须为0到999999之间的整数',
  statusRequired: '请选择上架或下架',
} as const;

export const GOODS = defineResource({
  name: 'goods',
  title: '商品',
  path: '/yy/yyGoods',
  component: 'yy/mall/YyGoodsList',
  category: '商品',
  english: 'goods',
  keywords: ['物料', '商城', '物料商城'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: { title: '商品', sheetName: '商品', filename: '商品.xlsx', asciiFilename: 'goods.xlsx' },
  notFound: '商品不存在',
  commands: { plural: 'goods' },
  fields: [
    {
      key: 'name',
      title: '名称',
      type: 'string',
      required: true,
      max: 100,
      search: true,
      list: { width: 200 },
    },
    {
      key: 'category',
      title: '分类',
      type: 'enum',
      options: GOODS_CATEGORIES,
      required: true,
      search: true,
      list: { width: 110 },
    },
    { key: 'spec', title: '规格', type: 'string', max: 100, list: { width: 140 } },
    {
      key: 'price',
      title: '价格(元)',
      type: 'money',
      required: true,
      invalidMessage: GOODS_MSG.price,
      list: { width: 110 },
    },
    {
      key: 'stock',
      title: '库存',
      type: 'int',
      required: true,
      invalidMessage: GOODS_MSG.stock,
      list: { width: 90 },
    },
    { key: 'images', title: '图片', type: 'images', upload: { area: 'goods', max: 6 }, list: { width: 180 } },
    {
      key: 'status',
      title: '状态',
      type: 'enum',
      options: GOODS_STATUS,
      required: true,
      search: true,
      list: { width: 80 },
    },
    ...auditFields({ createBy: { list: false }, createTime: { list: { width: 170 } } }),
  ],
  stats: {
    dimensions: [{ field: 'category' }, { field: 'status' }, { field: 'createTime', title: '上架时间' }],
    measures: [
      { key: 'count', title: '商品数', fn: 'count' },
      { key: 'price', title: '价格合计(元)', fn: 'sum', field: 'price' },
      { key: 'categories', title: '分类数', fn: 'distinct', field: 'category' },
    ],
  },
  // a new item is saved with its status; afterwards it goes on and off sale by these actions
  states: {
    field: 'status',
    transitions: {
      shelve: { title: '上架', from: ['0'], to: '1', perm: 'edit', aliases: ['goods on sale'] },
      unshelve: { title: '下架', from: ['1'], to: '0', perm: 'edit', aliases: ['goods off sale'] },
    },
  },
});
