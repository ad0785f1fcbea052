/**
 * 消息模板 (sys_message_template, `/sys/message/sysMessageTemplate`): templates of messages with
 * `${name}` variables (src/shared/message-template.ts), their channel (dict `msgType`), and test
 * data to try them with; a test render lists the variables and fills them.
 */
import { endpoint } from '../contracts.ts';
import { auditFields, defineResource } from './define.ts';

export const MESSAGE_TEMPLATE = defineResource({
  name: 'messageTemplate',
  title: '消息模板',
  path: '/sys/message/sysMessageTemplate',
  component: 'modules/message/SysMessageTemplateList',
  category: '消息模板',
  english: 'template',
  keywords: ['模板', '消息', '短信模板', '邮件模板', 'message template'],
  defaultSort: { field: 'createTime', order: 'desc' },
  sheet: {
    title: '消息模板',
    sheetName: '消息模板',
    filename: '消息模板.xlsx',
    asciiFilename: 'message-templates.xlsx',
  },
  importLogName: 'messageTemplateImportExcelErrorLog',
  // 发送测试 (POST …/sendMsg) sends a real system message to the chosen users
  permActions: { send: '发送测试' },
  commands: {
    addPositional: ['templateCode', 'templateName', 'templateContent'],
    // its test data is JSON: the derived edit example would set it to plain text
    examples: {
      add: [`messageTemplate add order_notice 下单通知 '您好，\${name}' --template-type 4`],
      edit: ['messageTemplate list | head 1 | messageTemplate edit --template-name 示例模板'],
    },
    ref: { field: 'templateCode', notFound: '模板编码不存在' },
  },
  fields: [
    {
      key: 'templateCode',
      title: '模板编码',
      type: 'string',
      required: true,
      max: 100,
      rule: { pattern: /^[A-Za-z0-9_-]+$/, message: '模板编码只允许字母、数字、下划线和中划线' },
      unique: '模板编码已存在',
      search: true,
      filter: true,
      list: { width: 160 },
    },
    {
      key: 'templateName',
      title: '模板标题',
      type: 'string',
      required: true,
      max: 100,
      search: true,
      filter: true,
      list: { width: 180 },
    },
    {
      key: 'templateType',
      title: '模板类型',
      type: 'dict',
      dict: 'msgType',
      required: true,
      search: true,
      list: { width: 100 },
    },
    {
      key: 'templateContent',
      title: '模板内容',
      type: 'text',
      required: true,
      max: 10_000,
      queryable: false,
      list: { width: 320 },
      help: '模板内容，变量写作 ${name}',
    },
    {
      key: 'templateTestJson',
      title: '测试数据',
      type: 'text',
      max: 4000,
      queryable: false,
      list: false,
      help: '测试数据（JSON 对象），例如 {"name":"张三"}',
    },
    ...auditFields({ createTime: { list: { width: 170 } } }),
  ],
});

/**
 * Test render: the template named by `templateCode` (or the `templateContent` and `templateType`
 * sent), filled with `testData` (a JSON object, or its text); answers `RenderedTemplate`.
 */
export const TEMPLATE_RENDER = endpoint(
  'POST',
  `${MESSAGE_TEMPLATE.decl.path}/testRender`,
  MESSAGE_TEMPLATE.perms.list,
);

/**
 * 发送测试 (JeecgBoot's sendMsg): `{templateCode, msgType, receiver, testData}` sends the template,
 * filled with `testData`, to `receiver` (comma list of usernames or ids) as a system message
 * (their bell and 我的消息); the other channels (SMS, mail, WeChat) are not configured here.
 */
export const TEMPLATE_SEND = endpoint(
  'POST',
  `${MESSAGE_TEMPLATE.decl.path}/sendMsg`,
  MESSAGE_TEMPLATE.perms.send,
);
