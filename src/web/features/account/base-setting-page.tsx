import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CONTACT_KINDS, type ContactKind } from '../../../shared/account.ts';
import { Button, Field, Input, FormLoading, focusFirstInvalid } from '../../components/ui.tsx';
import { blobUrl } from '../../components/data-grid/cells/upload-transport.ts';
import { chooseFiles, uploadFile } from '../../shell/file-upload.ts';
import { runCommand, tryCommand } from '../../shell/runtime.ts';
import { notify } from '../../lib/notify.ts';
import type { OwnProfile } from '../../../../commands/account/targets.ts';
import { SettingsFrame } from './settings-frame.tsx';
import { profileQuery } from './account-queries.ts';

/** The avatar as a picture (fetched with the session: stored files need the token). */
function Avatar({ path }: { path: string | null }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    setSrc(undefined);
    if (path) void blobUrl(path).then(setSrc, () => setSrc(undefined));
  }, [path]);
  return (
    <span className="inline-flex h-20 w-20 items-center justify-center overflow-hidden rounded-full bg-gray-100 text-xs text-gray-600">
      {src ? <img src={src} alt="头像" className="h-full w-full object-cover" /> : '无头像'}
    </span>
  );
}

/** 姓名, 头像, 性别, 生日: saved together by `account.profile.edit`. */
function ProfileForm({ profile }: { profile: OwnProfile }) {
  const [realname, setRealname] = useState(profile.realname ?? '');
  const [avatar, setAvatar] = useState<string | null>(profile.avatar);
  const [sex, setSex] = useState(profile.sex ? String(profile.sex) : '');
  const [birthday, setBirthday] = useState(profile.birthday ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  const upload = async () => {
    const [file] = await chooseFiles('image/*', false);
    if (!file) return;
    if (!file.type.startsWith('image/')) return void notify('warning', '请选择图片文件');
    try {
      setAvatar(await uploadFile(file, 'avatar'));
    } catch (e) {
      notify('warning', e instanceof Error ? e.message : String(e));
    }
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!realname.trim()) {
      setError('请输入用户姓名');
      setTimeout(() => focusFirstInvalid(form.current));
      return;
    }
    setBusy(true);
    const outcome = await tryCommand('account.profile.edit', {
      realname: realname.trim(),
      avatar: avatar ?? '',
      ...(sex ? { sex } : {}),
      birthday,
    });
    setBusy(false);
    setError('error' in outcome ? outcome.error : null);
  };
  return (
    <form
      ref={form}
      onSubmit={(e) => void save(e)}
      className="max-w-md space-y-3"
      aria-label="个人信息"
      noValidate
    >
      <Field label="姓名" required error={error}>
        <Input value={realname} maxLength={100} onChange={(e) => setRealname(e.target.value)} />
      </Field>
      <Field label="头像" group>
        <div className="flex items-center gap-3">
          <Avatar path={avatar} />
          <Button onClick={() => void upload()}>上传头像</Button>
          {avatar && (
            <Button variant="link" onClick={() => setAvatar(null)}>
              移除头像
            </Button>
          )}
        </div>
      </Field>
      <Field label="性别">
        <select
          className="w-full rounded border border-gray-300 px-2 py-1 text-sm"
          value={sex}
          onChange={(e) => setSex(e.target.value)}
        >
          <option value="">未设置</option>
          <option value="1">男</option>
          <option value="2">女</option>
        </select>
      </Field>
      <Field label="生日">
        <Input type="date" value={birthday} onChange={(e) => setBirthday(e.target.value)} />
      </Field>
      <Button type="submit" variant="primary" disabled={busy}>
        保存
      </Button>
    </form>
  );
}

/** A phone or e-mail: the new value, 发送验证码 to it, the code, 确认修改. */
function ContactForm({ kind, current }: { kind: ContactKind; current: string | null }) {
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = CONTACT_KINDS[kind];
  const send = async () => {
    const outcome = await tryCommand('account.contact.sendCode', { kind, value: value.trim() });
    setError('error' in outcome ? outcome.error : null);
    if (!('error' in outcome)) setSent(true);
  };
  const change = async (e: FormEvent) => {
    e.preventDefault();
    const outcome = await tryCommand('account.contact.change', {
      kind,
      value: value.trim(),
      code: code.trim(),
    });
    if ('error' in outcome) return setError(outcome.error);
    setError(null);
    setValue('');
    setCode('');
    setSent(false);
  };
  return (
    <form
      onSubmit={(e) => void change(e)}
      className="max-w-md space-y-2"
      aria-label={`修改${label}`}
      noValidate
    >
      <p className="text-sm">
        当前{label}：<span data-testid={`current-${kind}`}>{current || '未设置'}</span>
      </p>
      <Field label={`新${label}`} error={error}>
        <Input
          type={kind === 'email' ? 'email' : 'tel'}
          autoComplete={kind === 'email' ? 'email' : 'tel'}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </Field>
      <div className="flex items-end gap-2">
        <Field label="验证码">
          <Input
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </Field>
        <Button onClick={() => void send()} disabled={!value.trim()}>
          {sent ? '重新发送' : '发送验证码'}
        </Button>
      </div>
      <Button type="submit" variant="primary" disabled={!sent || !code.trim()}>
        确认修改{label}
      </Button>
    </form>
  );
}

/** 账户设置 → 基本设置: one's own name, avatar, sex and birthday; phone and e-mail by a code. */
export default function BaseSettingPage() {
  const profile = useQuery(profileQuery());
  return (
    <SettingsFrame current="/account/settings/base">
      {!profile.data ? (
        <FormLoading />
      ) : (
        <div className="space-y-6">
          <ProfileForm key={String(profile.dataUpdatedAt)} profile={profile.data} />
          <section aria-labelledby="contact-title" className="space-y-4 border-t pt-4">
            <h3 id="contact-title" className="text-sm font-semibold">
              手机号码与邮箱
            </h3>
            <p className="text-xs text-gray-600">修改时验证码发送到新的手机号码或邮箱，确认后生效。</p>
            <ContactForm kind="phone" current={profile.data.phone} />
            <ContactForm kind="email" current={profile.data.email} />
          </section>
          <p className="text-xs text-gray-600">
            账号 {profile.data.username}；
            <Button variant="link" onClick={() => void runCommand('account.center', {}, 'button')}>
              查看个人中心
            </Button>
          </p>
        </div>
      )}
    </SettingsFrame>
  );
}
