import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Modal } from '../../components/modal.tsx';
import { Button, Field, FormPending, Input } from '../../components/ui.tsx';
import { registerWidget, runCommand } from '../../shell/runtime.ts';
import {
  MENU_TYPE,
  menuBodySchema,
  normalizeMenu,
  type PermissionTreeNode,
} from '../../../shared/permission-menu.ts';
import { menuQuery, menuTreeQuery } from './api/get-menus.ts';

type Values = {
  menuType: number;
  name: string;
  parentId: string;
  url: string;
  component: string;
  componentName: string;
  redirect: string;
  perms: string;
  permsType: '1' | '2';
  status: '0' | '1';
  icon: string;
  sortNo: string;
  route: boolean;
  hidden: boolean;
  keepAlive: boolean;
  alwaysShow: boolean;
  internalOrExternal: boolean;
};

/** The Vue client's defaults of a new row. */
const EMPTY: Values = {
  menuType: MENU_TYPE.root,
  name: '',
  parentId: '',
  url: '',
  component: '',
  componentName: '',
  redirect: '',
  perms: '',
  permsType: '1',
  status: '1',
  icon: '',
  sortNo: '1',
  route: true,
  hidden: false,
  keepAlive: false,
  alwaysShow: false,
  internalOrExternal: false,
};

const TYPES = [
  { value: MENU_TYPE.root, text: '一级菜单' },
  { value: MENU_TYPE.sub, text: '子菜单' },
  { value: MENU_TYPE.button, text: '按钮权限' },
];

/** The menus a row may sit under: every menu (no button), not the row itself nor below it. */
function parentChoices(tree: PermissionTreeNode[], self?: string) {
  const out: Array<{ id: string; label: string }> = [];
  const walk = (nodes: PermissionTreeNode[], depth: number) => {
    for (const n of nodes) {
      if (n.menuType === MENU_TYPE.button || n.id === self) continue;
      out.push({ id: n.id, label: `${'\u3000'.repeat(depth)}${n.name}` });
      walk(n.children ?? [], depth + 1);
    }
  };
  walk(tree, 0);
  return out;
}

function Radios<V extends string | number>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  value: V;
  options: Array<{ value: V; text: string }>;
  onChange(v: V): void;
}) {
  return (
    <fieldset className="text-sm">
      <legend className="mb-1 text-gray-600">{legend}</legend>
      <div className="flex flex-wrap gap-3">
        {options.map((o) => (
          <label key={String(o.value)} className="flex items-center gap-1">
            <input type="radio" name={name} checked={value === o.value} onChange={() => onChange(o.value)} />
            {o.text}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const Check = ({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange(v: boolean): void;
}) => (
  <label className="flex items-center gap-1 text-sm">
    <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
    {label}
  </label>
);

function Form({
  mode,
  id,
  parentId,
  onClose,
}: {
  mode: 'add' | 'edit';
  id?: string;
  parentId?: string;
  onClose(): void;
}) {
  const tree = useQuery(menuTreeQuery());
  const current = useQuery({ ...menuQuery(id ?? ''), enabled: mode === 'edit' && !!id });
  const [v, setV] = useState<Values>(() =>
    parentId ? { ...EMPTY, menuType: MENU_TYPE.sub, parentId } : EMPTY,
  );
  const [error, setError] = useState<string | null>(null);
  // the fields appear with the menu's values (nothing typed early is overwritten, nothing blank saved)
  const [ready, setReady] = useState(mode === 'add');
  useEffect(() => {
    const r = current.data;
    if (!r) return;
    setReady(true);
    setV({
      menuType: r.menuType,
      name: r.name,
      parentId: r.parentId ?? '',
      url: r.url ?? '',
      component: r.component ?? '',
      componentName: r.componentName ?? '',
      redirect: r.redirect ?? '',
      perms: r.perms ?? '',
      permsType: r.permsType === '2' ? '2' : '1',
      status: r.status === '0' ? '0' : '1',
      icon: r.icon ?? '',
      sortNo: r.sortNo === null ? '' : String(r.sortNo),
      route: r.route,
      hidden: r.hidden,
      keepAlive: r.keepAlive,
      alwaysShow: r.alwaysShow,
      internalOrExternal: r.internalOrExternal,
    });
  }, [current.data]);
  const parents = useMemo(() => parentChoices(tree.data ?? [], id), [tree.data, id]);
  const set =
    <K extends keyof Values>(k: K) =>
    (value: Values[K]) =>
      setV((old) => ({ ...old, [k]: value }));
  const text = (k: keyof Values) => ({
    value: String(v[k] ?? ''),
    onChange: (e: { target: { value: string } }) => set(k)(e.target.value as never),
  });
  const isButton = v.menuType === MENU_TYPE.button;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = menuBodySchema.safeParse({ ...v, sortNo: v.sortNo === '' ? undefined : v.sortNo });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '操作失败');
    try {
      normalizeMenu(parsed.data);
    } catch (err) {
      return setError((err as Error).message);
    }
    setError(null);
    const args = {
      name: v.name.trim(),
      type: v.menuType,
      parent: v.menuType === MENU_TYPE.root ? undefined : v.parentId,
      ...(isButton
        ? { perms: v.perms, permsType: v.permsType, status: v.status }
        : {
            url: v.url,
            component: v.component,
            componentName: v.componentName,
            redirect: v.redirect,
            icon: v.icon,
            route: v.route,
            hidden: v.hidden,
            keepAlive: v.keepAlive,
            alwaysShow: v.alwaysShow,
            external: v.internalOrExternal,
          }),
      ...(v.sortNo !== '' ? { sort: v.sortNo } : {}),
    };
    const result =
      mode === 'add'
        ? await runCommand('menu.add', args, 'button')
        : await runCommand('menu.edit', { ...args, menu: id }, 'button');
    if (result) onClose();
  };

  if (!ready) return <FormPending error={current.error} onCancel={onClose} />;
  const field = (label: string, k: keyof Values) => (
    <Field label={label}>
      <Input {...text(k)} />
    </Field>
  );
  return (
    <form onSubmit={submit} aria-label={mode === 'add' ? '新增菜单' : '编辑菜单'} className="space-y-3">
      <Radios
        legend="菜单类型"
        name="menuType"
        value={v.menuType}
        options={TYPES}
        onChange={set('menuType')}
      />
      <div className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-2">
        <Field label={isButton ? '按钮/权限' : '菜单名称'}>
          <Input autoFocus {...text('name')} />
        </Field>
        {v.menuType !== MENU_TYPE.root && (
          <Field label="上级菜单">
            <select className="w-full rounded border p-1 text-sm" {...text('parentId')}>
              <option value="">请选择上级菜单</option>
              {parents.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </select>
          </Field>
        )}
        {isButton ? (
          <>
            {field('授权标识', 'perms')}
            <Radios
              legend="授权策略"
              name="permsType"
              value={v.permsType}
              options={[
                { value: '1', text: '可见/可访问(授权后可见/可访问)' },
                { value: '2', text: '可编辑(未授权时禁用)' },
              ]}
              onChange={set('permsType')}
            />
            <Radios
              legend="状态"
              name="status"
              value={v.status}
              options={[
                { value: '1', text: '有效' },
                { value: '0', text: '无效' },
              ]}
              onChange={set('status')}
            />
          </>
        ) : (
          <>
            {field('菜单路径', 'url')}
            {field('前端组件', 'component')}
            {field('组件名称', 'componentName')}
            {v.menuType === MENU_TYPE.root && field('默认跳转地址', 'redirect')}
            {field('菜单图标', 'icon')}
          </>
        )}
        {field('排序', 'sortNo')}
      </div>
      {!isButton && (
        <div className="flex flex-wrap gap-4">
          <Check label="是否路由菜单" checked={v.route} onChange={set('route')} />
          <Check label="隐藏路由" checked={v.hidden} onChange={set('hidden')} />
          <Check label="是否缓存路由" checked={v.keepAlive} onChange={set('keepAlive')} />
          <Check label="聚合路由" checked={v.alwaysShow} onChange={set('alwaysShow')} />
          <Check label="外部打开" checked={v.internalOrExternal} onChange={set('internalOrExternal')} />
        </div>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button onClick={onClose}>取消</Button>
        <Button type="submit" variant="primary">
          确定
        </Button>
      </div>
    </form>
  );
}

/** The add/edit dialog opened by `menu.add` and `menu.edit` (`ctx.open('menu.form')`). */
export function MenuFormHost() {
  const [state, setState] = useState<{ mode: 'add' | 'edit'; id?: string; parentId?: string } | null>(null);
  useEffect(
    () =>
      registerWidget('menu.form', (props) =>
        setState(props as { mode: 'add' | 'edit'; id?: string; parentId?: string }),
      ),
    [],
  );
  return (
    <Modal
      open={!!state}
      onOpenChange={(o) => !o && setState(null)}
      title={state?.mode === 'edit' ? '编辑菜单' : '新增菜单'}
      width={800}
    >
      {state && (
        <Form
          key={`${state.mode}-${state.id ?? ''}-${state.parentId ?? ''}`}
          mode={state.mode}
          id={state.id}
          parentId={state.parentId}
          onClose={() => setState(null)}
        />
      )}
    </Modal>
  );
}
