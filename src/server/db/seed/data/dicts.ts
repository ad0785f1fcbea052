import type { SeedDict } from './types.ts';

/**
 * System dictionaries of a fresh install (jeecg-api.md §5.4), items in display order.
 * `type: 1` marks dictionaries whose values are numeric.
 */
export const DICTS: SeedDict[] = [
  {
    code: 'sex',
    name: '性别',
    type: 1,
    items: [
      { value: '1', text: '男' },
      { value: '2', text: '女' },
    ],
  },
  {
    code: 'user_status',
    name: '用户状态',
    type: 1,
    items: [
      { value: '1', text: '正常' },
      { value: '2', text: '冻结' },
    ],
  },
  {
    code: 'status',
    name: '状态',
    type: 1,
    items: [
      { value: '1', text: '正常' },
      { value: '2', text: '冻结' },
    ],
  },
  {
    code: 'del_flag',
    name: '删除状态',
    type: 1,
    items: [
      { value: '0', text: '正常' },
      { value: '1', text: '已删除' },
    ],
  },
  {
    code: 'valid_status',
    name: '有效无效状态',
    type: 1,
    items: [
      { value: '0', text: '无效' },
      { value: '1', text: '有效' },
    ],
  },
  {
    code: 'yn',
    name: '是否',
    type: 1,
    items: [
      { value: '1', text: '是' },
      { value: '0', text: '否' },
    ],
  },
  {
    code: 'is_open',
    name: '是否开启',
    items: [
      { value: 'Y', text: '是' },
      { value: 'N', text: '否' },
    ],
  },
  {
    code: 'priority',
    name: '优先级',
    items: [
      { value: 'H', text: '高', color: 'red' },
      { value: 'M', text: '中', color: 'orange' },
      { value: 'L', text: '低', color: 'blue' },
    ],
  },
  {
    code: 'msg_category',
    name: '消息类型',
    type: 1,
    items: [
      { value: '1', text: '通知公告' },
      { value: '2', text: '系统消息' },
    ],
  },
  {
    code: 'msg_type',
    name: '通告对象类型',
    items: [
      { value: 'USER', text: '指定用户' },
      { value: 'ALL', text: '全体用户' },
    ],
  },
  {
    code: 'send_status',
    name: '发布状态',
    type: 1,
    items: [
      { value: '0', text: '未发布' },
      { value: '1', text: '已发布' },
      { value: '2', text: '已撤销' },
    ],
  },
  {
    code: 'log_type',
    name: '日志类型',
    type: 1,
    items: [
      { value: '1', text: '登录日志' },
      { value: '2', text: '操作日志' },
    ],
  },
  {
    code: 'operate_type',
    name: '操作类型',
    type: 1,
    items: [
      { value: '1', text: '查询' },
      { value: '2', text: '添加' },
      { value: '3', text: '修改' },
      { value: '4', text: '删除' },
      { value: '5', text: '导入' },
      { value: '6', text: '导出' },
    ],
  },
  {
    code: 'menu_type',
    name: '菜单类型',
    type: 1,
    items: [
      { value: '0', text: '一级菜单' },
      { value: '1', text: '子菜单' },
      { value: '2', text: '按钮权限' },
    ],
  },
  {
    code: 'perms_type',
    name: '权限策略',
    type: 1,
    items: [
      { value: '1', text: '显示' },
      { value: '2', text: '禁用' },
    ],
  },
  {
    code: 'global_perms_type',
    name: '全局权限策略',
    type: 1,
    items: [
      { value: '1', text: '可见/可访问(授权后可见/可访问)' },
      { value: '2', text: '可编辑(未授权时禁用)' },
    ],
  },
  {
    code: 'form_perms_type',
    name: '表单权限策略',
    type: 1,
    items: [
      { value: '1', text: '可见(未授权不可见)' },
      { value: '2', text: '可编辑(未授权禁用)' },
    ],
  },
  {
    code: 'quartz_status',
    name: '定时任务状态',
    type: 1,
    items: [
      { value: '0', text: '正常' },
      { value: '-1', text: '停止' },
    ],
  },
  {
    code: 'org_category',
    name: '机构类型',
    type: 1,
    items: [
      { value: '1', text: '公司' },
      { value: '2', text: '部门' },
      { value: '3', text: '岗位' },
    ],
  },
  {
    code: 'depart_status',
    name: '部门状态',
    type: 1,
    items: [
      { value: '1', text: '启用' },
      { value: '0', text: '不启用' },
    ],
  },
  {
    code: 'dict_item_status',
    name: '字典项状态',
    type: 1,
    items: [
      { value: '1', text: '启用' },
      { value: '0', text: '不启用' },
    ],
  },
  {
    code: 'tenant_status',
    name: '租户状态',
    type: 1,
    items: [
      { value: '1', text: '正常' },
      { value: '0', text: '冻结' },
    ],
  },
  {
    code: 'position_rank',
    name: '职务职级',
    type: 1,
    items: [
      { value: '1', text: '员级' },
      { value: '2', text: '助级' },
      { value: '3', text: '中级' },
      { value: '4', text: '副高级' },
      { value: '5', text: '正高级' },
    ],
  },
  {
    code: 'rule_conditions',
    name: '条件规则',
    items: [
      { value: '>', text: '大于' },
      { value: '<', text: '小于' },
      { value: '!=', text: '不等于' },
      { value: '=', text: '等于' },
      { value: '>=', text: '大于等于' },
      { value: '<=', text: '小于等于' },
      { value: 'LEFT_LIKE', text: '左模糊' },
      { value: 'RIGHT_LIKE', text: '右模糊' },
      { value: 'LIKE', text: '模糊' },
      { value: 'IN', text: '包含' },
      { value: 'USE_SQL_RULES', text: '自定义SQL表达式' },
    ],
  },
  {
    code: 'urgent_level',
    name: '紧急程度',
    type: 1,
    items: [
      { value: '1', text: '一般' },
      { value: '2', text: '重要' },
      { value: '3', text: '紧急' },
    ],
  },
  {
    code: 'msgSendStatus',
    name: '消息发送状态',
    type: 1,
    items: [
      { value: '0', text: '未发送' },
      { value: '1', text: '发送成功' },
      { value: '2', text: '发送失败' },
    ],
  },
  {
    code: 'msgType',
    name: '消息渠道',
    type: 1,
    items: [
      { value: '1', text: '短信' },
      { value: '2', text: '邮件' },
      { value: '3', text: '微信' },
      { value: '4', text: '系统' },
    ],
  },
  {
    code: 'user_type',
    name: '用户身份',
    type: 1,
    items: [
      { value: '1', text: '普通用户' },
      { value: '2', text: '上级' },
    ],
  },
  {
    code: 'project_category',
    name: '服务项目分类',
    items: [
      { value: 'massage', text: '推拿按摩' },
      { value: 'foot', text: '足疗' },
      { value: 'spa', text: 'SPA精油' },
      { value: 'moxa', text: '艾灸理疗' },
      { value: 'cupping', text: '拔罐刮痧' },
      { value: 'ear', text: '采耳' },
    ],
  },
  {
    code: 'technician_level',
    name: '技师等级',
    items: [
      { value: 'junior', text: '初级' },
      { value: 'middle', text: '中级' },
      { value: 'senior', text: '高级' },
      { value: 'gold', text: '金牌' },
    ],
  },
];
