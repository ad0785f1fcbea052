import { describe, expect, it } from 'vitest';
import {
  alerts,
  changeContactSchema,
  deviceOf,
  namesOnlySelf,
  notifyPrefsSchema,
  prefsPatchSchema,
  profileEditSchema,
  uiPrefsSchema,
} from '../../src/shared/account.ts';

const self = { id: 'u1', username: 'yunying' };

describe('账户设置 rules', () => {
  it('accepts a body naming nobody or oneself, refuses any other account', () => {
    expect(namesOnlySelf({}, self)).toBe(true);
    expect(namesOnlySelf({ id: 'u1', userId: 'u1', username: 'yunying' }, self)).toBe(true);
    for (const other of [
      { id: 'u2' },
      { userId: 'u2' },
      { username: 'admin' },
      { id: 'u1', username: 'admin' },
    ])
      expect(namesOnlySelf(other, self)).toBe(false);
  });

  it('checks the profile with the user form’s rules', () => {
    expect(profileEditSchema.safeParse({ realname: '张三', sex: 2, birthday: '1990-01-02' }).success).toBe(
      true,
    );
    expect(profileEditSchema.safeParse({ realname: '' }).success).toBe(false);
    expect(profileEditSchema.safeParse({ realname: '张三', birthday: '1990-02-30' }).success).toBe(false);
  });

  it('checks a new phone or e-mail by its kind, and a six-digit code', () => {
    const ok = { kind: 'phone', value: '13912345678', code: '123456' };
    expect(changeContactSchema.safeParse(ok).success).toBe(true);
    expect(changeContactSchema.safeParse({ ...ok, value: 'a@b.cn' }).success).toBe(false);
    expect(changeContactSchema.safeParse({ ...ok, kind: 'email', value: 'a@b.cn' }).success).toBe(true);
    expect(changeContactSchema.safeParse({ ...ok, code: '12345' }).success).toBe(false);
    expect(changeContactSchema.safeParse({ ...ok, kind: 'password' }).success).toBe(false);
  });

  it('keeps only the known look and notice keys, with their values', () => {
    expect(uiPrefsSchema.safeParse({ theme: 'dark', color: '#722ED1', multipage: false }).success).toBe(true);
    expect(uiPrefsSchema.safeParse({ theme: 'pink' }).success).toBe(false);
    expect(uiPrefsSchema.safeParse({ sidebarOpened: true }).success).toBe(false);
    expect(notifyPrefsSchema.safeParse({ categories: ['1', '3'] }).success).toBe(false);
    expect(prefsPatchSchema.safeParse({ notify: { speak: 'yes' } }).success).toBe(false);
  });

  it('alerts for the chosen categories; a message without one is a 系统消息', () => {
    expect(alerts({}, '1')).toBe(true);
    expect(alerts({ categories: ['1'] }, '1')).toBe(true);
    expect(alerts({ categories: ['1'] }, '2')).toBe(false);
    expect(alerts({ categories: ['1'] }, undefined)).toBe(false);
    expect(alerts({ categories: [] }, '1')).toBe(false);
  });

  it('names a device by its user agent', () => {
    expect(deviceOf('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120 Safari/537.36')).toBe(
      'Chrome · Windows',
    );
    expect(deviceOf('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1')).toBe(
      'Safari · iOS',
    );
    expect(deviceOf('Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0')).toBe('Firefox · Linux');
    expect(deviceOf('node')).toBe('命令行');
    expect(deviceOf(null)).toBe('未知设备');
  });
});
