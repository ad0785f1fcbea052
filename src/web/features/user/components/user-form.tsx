import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { userAddSchema, userEditSchema } from '../../../../shared/user.ts';
import { Modal } from '../../../components/modal.tsx';
import { Button, Field, FormPending, Input, focusFirstInvalid } from '../../../components/ui.tsx';
import { DateInput } from '../../../components/date-input.tsx';
import { requestTo } from '../../../lib/api-client.ts';
import { registerWidget, runCommand, runtime } from '../../../shell/runtime.ts';
import type { Result } from '../../../../shared/api.ts';
import { PERM } from '../../../../shared/permissions.ts';
import { rolesQuery, userDepartsQuery, userQuery, userRolesQuery } from '../api/get-user.ts';
import { TreeSelect } from '../../../components/pickers/tree-select.tsx';
import { departSource } from '../../../components/pickers/sources.ts';
import { userPostsQuery } from '../api/get-user-posts.ts';
import { UserPostField } from './user-post-field.tsx';
import { ENDPOINTS } from '../../../../shared/endpoints.ts';
import { fieldRightsOf, storedAuth } from '../../../components/data-grid/list/column-auth.ts';
import { permissionPrefix } from '../../../../shared/auth-rules.ts';
import { UserTenantField } from './user-tenant-field.tsx';
import { UserPartnerField } from './user-partner-field.tsx';

/** The form fields field rights may govern (`user:sex`, `user:form:phone` …, spec §6). */
const RIGHT_FIELDS = ['realname', 'workNo', 'sex', 'birthday', 'phone', 'email', 'post', 'relTenantIds'];

type Values = Record<string, string>;
type Errors = Record<string, string | undefined>;

const UNIQUE_LABEL: Record<string, string> = {
  username: '用户账号已存在',
  phone: '手机号已存在',
  email: '邮箱已存在',
  workNo: '工号已存在',
};

function Form({ mode, id, onClose }: { mode: 'add' | 'edit'; id?: string; onClose(): void }) {
  const user = useQuery({ ...userQuery(id ?? ''), enabled: mode === 'edit' && !!id });
  const userRoles = useQuery({ ...userRolesQuery(id ?? ''), enabled: mode === 'edit' && !!id });
  const userDeparts = useQuery({ ...userDepartsQuery(id ?? ''), enabled: mode === 'edit' && !!id });
  const userPosts = useQuery({ ...userPostsQuery(id ?? ''), enabled: mode === 'edit' && !!id });
  const roles = useQuery(rolesQuery());
  const [v, setV] = useState<Values>({ sex: '1' });
  const [roleIds, setRoleIds] = useState<string[]>([]);
  const [departIds, setDepartIds] = useState<string[]>([]);
  // the codes come from the record being edited; names only label them (a code without one shows as is)
  const [postCodes, setPostCodes] = useState<string[]>([]);
  const [postNames, setPostNames] = useState<ReadonlyMap<string, string>>(new Map());
  const addPostNames = (posts: Array<{ code: string; name: string }>) =>
    setPostNames((m) => new Map([...m, ...posts.map((p) => [p.code, p.name] as const)]));
  const [errors, setErrors] = useState<Errors>({});
  const form = useRef<HTMLFormElement>(null);
  /** an invalid submit puts the focus on the first field in error once it is drawn */
  const focusError = useRef(false);
  useEffect(() => {
    if (focusError.current) focusFirstInvalid(form.current);
    focusError.current = false;
  }, [errors]);
  const [tenantIds, setTenantIds] = useState<string[]>([]);
  // type "1" rights the caller lacks hide a field, type "2" ones disable it; neither is sent
  const rights = useMemo(() => {
    const { auth, allAuth } = storedAuth();
    return fieldRightsOf(permissionPrefix(PERM.user.list), auth, allAuth, RIGHT_FIELDS);
  }, []);
  const shown = (k: string) => !rights.hidden.has(k);
  const locked = (k: string) => rights.readonly.has(k);
  const sendable = (k: string) => shown(k) && !locked(k);

  useEffect(() => {
    if (!user.data) return;
    const u = user.data;
    setV({
      realname: u.realname ?? '',
      sex: String(u.sex ?? ''),
      birthday: u.birthday ?? '',
      phone: u.phone ?? '',
      email: u.email ?? '',
      workNo: u.workNo ?? '',
      partnerId: (u as { partnerId?: string | null }).partnerId ?? '',
    });
    setTenantIds(
      String(u.relTenantIds ?? '')
        .split(',')
        .filter(Boolean),
    );
    setPostCodes((u.post ?? '').split(',').filter(Boolean));
  }, [user.data]);
  useEffect(() => {
    if (userPosts.data) addPostNames(userPosts.data);
  }, [userPosts.data]);
  useEffect(() => setRoleIds(userRoles.data ?? []), [userRoles.data]);
  useEffect(() => setDepartIds((userDeparts.data ?? []).map((d) => d.key)), [userDeparts.data]);
  // the fields appear once the user, roles, departments and posts are in them (the effects above
  // ran in the same flush): nothing typed before is overwritten, nothing blank is saved
  const [ready, setReady] = useState(mode === 'add');
  useEffect(() => {
    if (user.data && userRoles.data && userDeparts.data && userPosts.data) setReady(true);
  }, [user.data, userRoles.data, userDeparts.data, userPosts.data]);

  const set = (k: string) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });
  /** the async duplicate check (GET /sys/user/checkOnlyUser) on leaving a unique field */
  const checkUnique = (k: keyof typeof UNIQUE_LABEL) => async () => {
    if (!v[k]) return;
    const r = await requestTo<Result<boolean>>(ENDPOINTS.auth.checkOnlyUser, { query: { [k]: v[k], id } });
    // clear only a uniqueness message: a format error set by submit meanwhile stays
    setErrors((e) => ({
      ...e,
      [k]: r.success ? (e[k] === UNIQUE_LABEL[k] ? undefined : e[k]) : UNIQUE_LABEL[k],
    }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    focusError.current = true;
    const body = {
      ...v,
      id,
      confirmpassword: v.confirmpassword,
      selectedroles: roleIds.join(','),
      selecteddeparts: departIds.join(','),
      post: postCodes.join(','),
    };
    const parsed = (mode === 'add' ? userAddSchema : userEditSchema).safeParse(body);
    const next: Errors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
    setErrors({
      ...next,
      ...Object.fromEntries(Object.entries(errors).filter(([k, m]) => m && UNIQUE_LABEL[k] === m)),
    });
    if (!parsed.success || Object.values(errors).some((m) => m && Object.values(UNIQUE_LABEL).includes(m)))
      return;
    focusError.current = false;
    const all: Record<string, string | undefined> = {
      realname: v.realname,
      phone: v.phone,
      email: v.email,
      sex: v.sex || undefined,
      birthday: v.birthday,
      workNo: v.workNo,
      post: postCodes.join(','),
      tenants: tenantIds.join(','),
      partnerId: v.partnerId ?? '',
    };
    const args = {
      ...Object.fromEntries(
        Object.entries(all).filter(([k]) => sendable(k === 'tenants' ? 'relTenantIds' : k)),
      ),
      roles: roleIds.join(','),
      departs: departIds.join(','),
    };
    const result =
      mode === 'add'
        ? await runCommand('user.add', { ...args, username: v.username, password: v.password }, 'button')
        : await runCommand('user.edit', { ...args, id }, 'button');
    if (result) onClose();
  };

  if (!ready) return <FormPending error={user.error} onCancel={onClose} />;
  return (
    <form
      ref={form}
      onSubmit={submit}
      className="grid grid-cols-2 gap-x-4 gap-y-3"
      aria-label={mode === 'add' ? '新增用户' : '编辑用户'}
    >
      {mode === 'add' && (
        <>
          <Field label="用户账号" error={errors.username} required>
            <Input
              autoFocus
              value={v.username ?? ''}
              onChange={set('username')}
              onBlur={() => void checkUnique('username')()}
            />
          </Field>
          <div />
          <Field label="登录密码" error={errors.password} required>
            <Input type="password" value={v.password ?? ''} onChange={set('password')} />
          </Field>
          <Field label="确认密码" error={errors.confirmpassword} required>
            <Input type="password" value={v.confirmpassword ?? ''} onChange={set('confirmpassword')} />
          </Field>
        </>
      )}
      <Field label="用户姓名" error={errors.realname} required>
        <Input autoFocus={mode === 'edit'} value={v.realname ?? ''} onChange={set('realname')} />
      </Field>
      <Field label="工号" error={errors.workNo}>
        <Input value={v.workNo ?? ''} onChange={set('workNo')} onBlur={() => void checkUnique('workNo')()} />
      </Field>
      {shown('sex') && (
        <Field label="性别" error={errors.sex}>
          <select
            className="w-full rounded border p-1 text-sm"
            value={v.sex ?? ''}
            onChange={set('sex')}
            disabled={locked('sex')}
          >
            <option value="">请选择</option>
            <option value="1">男</option>
            <option value="2">女</option>
          </select>
        </Field>
      )}
      {shown('birthday') && (
        <Field label="生日" error={errors.birthday}>
          <DateInput
            label="生日"
            value={v.birthday ?? ''}
            onChange={(value) => set('birthday')({ target: { value } })}
            disabled={locked('birthday')}
          />
        </Field>
      )}
      {shown('phone') && (
        <Field label="手机号码" error={errors.phone}>
          <Input
            value={v.phone ?? ''}
            onChange={set('phone')}
            onBlur={() => void checkUnique('phone')()}
            disabled={locked('phone')}
          />
        </Field>
      )}
      <Field label="邮箱" error={errors.email}>
        <Input value={v.email ?? ''} onChange={set('email')} onBlur={() => void checkUnique('email')()} />
      </Field>
      <UserPostField
        codes={postCodes}
        names={postNames}
        error={errors.post}
        canPick={runtime.can(PERM.position.list)}
        onChange={(posts) => {
          setPostCodes(posts.map((p) => p.code));
          addPostNames(posts);
        }}
      />
      <div />
      <fieldset className="col-span-2 text-sm">
        <legend className="mb-1 text-gray-600">角色</legend>
        <div className="flex flex-wrap gap-3">
          {roles.data?.map((r) => (
            <label key={r.id} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={roleIds.includes(r.id)}
                onChange={(e) =>
                  setRoleIds(e.target.checked ? [...roleIds, r.id] : roleIds.filter((x) => x !== r.id))
                }
              />
              {r.roleName}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="col-span-2">
        <Field label="所属部门">
          <TreeSelect
            label="所属部门"
            multiple
            value={departIds.join(',')}
            source={departSource}
            onChange={(value) => setDepartIds(value.split(',').filter(Boolean))}
          />
        </Field>
      </div>
      {shown('relTenantIds') && !locked('relTenantIds') && (
        <UserTenantField ids={tenantIds} onChange={setTenantIds} />
      )}
      <UserPartnerField
        value={v.partnerId ?? ''}
        onChange={(id) => setV((old) => ({ ...old, partnerId: id }))}
      />
      <div className="col-span-2 flex justify-end gap-2">
        <Button onClick={onClose}>取消</Button>
        <Button type="submit" variant="primary">
          确定
        </Button>
      </div>
    </form>
  );
}

/** The add/edit user dialog, opened by the user.add and user.edit commands (`ctx.open('user.form')`). */
export function UserFormHost() {
  const [state, setState] = useState<{ mode: 'add' | 'edit'; id?: string } | null>(null);
  useEffect(
    () => registerWidget('user.form', (props) => setState(props as { mode: 'add' | 'edit'; id?: string })),
    [],
  );
  return (
    <Modal
      open={!!state}
      onOpenChange={(o) => !o && setState(null)}
      title={state?.mode === 'edit' ? '编辑用户' : '新增用户'}
      width={800}
    >
      {state && (
        <Form
          key={`${state.mode}-${state.id ?? ''}`}
          mode={state.mode}
          id={state.id}
          onClose={() => setState(null)}
        />
      )}
    </Modal>
  );
}
