/**
 * 消息模板 rendering: `${name}` variables in a template's content, filled from an object of values.
 * Values are always HTML-escaped; the content of an HTML template (mail, system message) is
 * sanitised after filling, that of a text template (SMS, WeChat) escaped as a whole, so what a
 * render gives back is safe to show as HTML either way.
 */
import { escapeHtml, sanitizeHtml } from './richtext.ts';

const VARIABLE = /\$\{\s*([A-Za-z_\u4e00-\u9fa5][\w.\u4e00-\u9fa5]*)\s*\}/g;

/** Template types (dict `msgType`) whose content is HTML. */
export const HTML_TEMPLATE_TYPES: readonly string[] = ['2', '4'];

export const TEMPLATE_MSG = {
  badJson: '测试数据必须是JSON对象，例如 {"name":"张三"}',
  noContent: '请输入模板内容',
  templateRequired: '请选择消息模板',
  receiverRequired: '请选择消息接收方',
  unknownReceivers: '消息接收方中有不存在的用户',
  tooManyReceivers: (n: number) => `一次最多发送给${n}个用户`,
  channelUnsupported: '暂不支持该消息类型，请选择系统消息',
  /** JeecgBoot 3.3's answer (it queues the message for SendMsgJob; here it is delivered at once) */
  sent: '发送消息任务添加成功！',
} as const;

/** The variables of a template, each once, in order of first use. */
export function templateVariables(content: string): string[] {
  return [...new Set([...content.matchAll(VARIABLE)].map((m) => m[1]!))];
}

/** A value as text: a nested `a.b` is looked up through objects. */
function lookup(values: Record<string, unknown>, name: string): string | undefined {
  let v: unknown = values;
  for (const part of name.split('.')) {
    if (!v || typeof v !== 'object' || !Object.hasOwn(v, part)) return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  if (v === null || v === undefined) return undefined;
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

export interface RenderedTemplate {
  /** the variables the content uses */
  variables: string[];
  /** variables without a value (left in place as `${name}`) */
  missing: string[];
  /** the filled content, safe to show as HTML */
  content: string;
}

/** Fill a template's variables with escaped values; `html` for HTML templates (sanitised after). */
export function renderTemplate(
  content: string,
  values: Record<string, unknown>,
  html: boolean,
): RenderedTemplate {
  const variables = templateVariables(content);
  const missing = variables.filter((v) => lookup(values, v) === undefined);
  const fill = (text: string) =>
    text.replace(VARIABLE, (whole, name: string) => {
      const v = lookup(values, name);
      return v === undefined ? whole : escapeHtml(v);
    });
  return {
    variables,
    missing,
    content: html ? sanitizeHtml(fill(content)) : fill(escapeHtml(content)),
  };
}

/** Test values from a JSON text (an object), or the message that it is none. */
export function parseTestData(text: string | null | undefined): Record<string, unknown> | string {
  if (!text || !text.trim()) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : TEMPLATE_MSG.badJson;
  } catch {
    return TEMPLATE_MSG.badJson;
  }
}
