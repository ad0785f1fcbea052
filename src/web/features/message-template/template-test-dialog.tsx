import { useEffect, useState, type FormEvent } from 'react';
import type { RenderedTemplate } from '../../../shared/message-template.ts';
import { sanitizeHtml } from '../../../shared/richtext.ts';
import { Modal } from '../../components/modal.tsx';
import { Button, Field, Input } from '../../components/ui.tsx';
import { registerWidget, runCommand } from '../../shell/runtime.ts';

/**
 * 测试模板: a template code and test values (JSON) in, the template's variables and the filled
 * content out. Opened by `messageTemplate.test` without arguments (toolbar, row, palette); the
 * rendering is the command's (and the server's).
 */
export function TemplateTestDialog() {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [data, setData] = useState('');
  const [result, setResult] = useState<RenderedTemplate | null>(null);

  useEffect(
    () =>
      registerWidget('messageTemplate.test', (props) => {
        setCode(String(props?.templateCode ?? ''));
        setData('');
        setResult(null);
        setOpen(true);
      }),
    [],
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const args = { code: code.trim(), ...(data.trim() ? { data } : {}) };
    const r = await runCommand('messageTemplate.test', args);
    setResult((r?.records?.[0] as RenderedTemplate | undefined) ?? null);
  };

  return (
    <Modal open={open} onOpenChange={setOpen} title="测试模板" width={560}>
      <form onSubmit={(e) => void submit(e)} aria-label="测试模板" className="grid grid-cols-1 gap-3">
        <Field label="模板编码">
          <Input value={code} onChange={(e) => setCode(e.target.value)} maxLength={100} required />
        </Field>
        <Field label="测试数据（JSON，留空则用模板保存的测试数据）">
          <textarea
            value={data}
            onChange={(e) => setData(e.target.value)}
            rows={4}
            placeholder='{"name":"张三"}'
            className="w-full rounded border border-gray-400 px-2 py-1 font-mono text-sm"
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button onClick={() => setOpen(false)}>关闭</Button>
          <Button type="submit" variant="primary">
            测试
          </Button>
        </div>
      </form>
      {result && (
        <section aria-label="测试结果" className="mt-3 space-y-2 border-t pt-3 text-sm">
          <p>
            <span className="text-gray-700">模板变量：</span>
            {result.variables.length ? result.variables.map((v) => `\${${v}}`).join('、') : '无'}
          </p>
          {result.missing.length > 0 && (
            <p className="text-orange-800">未给值的变量：{result.missing.join('、')}</p>
          )}
          <div
            aria-label="渲染结果"
            role="region"
            className="rounded border border-gray-300 bg-gray-50 p-2 whitespace-pre-wrap"
            // escaped or sanitised by the server, sanitised again here as every rendered HTML is
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(result.content) }}
          />
        </section>
      )}
    </Modal>
  );
}
