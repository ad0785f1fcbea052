import { useId } from 'react';
import { NOTICE_CATEGORIES, type NoticeCategory } from '../../../shared/account.ts';
import { Button } from '../../components/ui.tsx';
import { runCommand } from '../../shell/runtime.ts';
import { speak, useNotifyPrefs } from '../../shell/account-prefs.ts';
import { SettingsFrame } from './settings-frame.tsx';

const CATEGORY_KEYS = Object.keys(NOTICE_CATEGORIES) as NoticeCategory[];

/**
 * 账户设置 → 新消息通知: which announcement categories alert when they arrive, and whether the new
 * message is read aloud by the browser's own speech synthesis (off by default). Each change is
 * `account notify set`, kept on the server.
 */
export default function NotificationPage() {
  const prefs = useNotifyPrefs();
  const id = useId();
  const canSpeak = typeof window !== 'undefined' && 'speechSynthesis' in window;
  const toggle = (c: NoticeCategory, on: boolean) => {
    const categories = CATEGORY_KEYS.filter((k) => (k === c ? on : prefs.categories.includes(k)));
    void runCommand('account.notify.set', { categories }, 'button');
  };
  return (
    <SettingsFrame current="/account/settings/notification">
      <div className="max-w-md space-y-6 text-sm">
        <fieldset className="space-y-2">
          <legend className="mb-1 font-semibold">新消息提醒</legend>
          <p className="text-xs text-gray-600">
            收到以下类型的新消息时弹出提醒（消息仍会出现在右上角的消息通知里）。
          </p>
          {CATEGORY_KEYS.map((c) => (
            <label key={c} className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={prefs.categories.includes(c)}
                onChange={(e) => toggle(c, e.target.checked)}
              />
              {NOTICE_CATEGORIES[c]}
            </label>
          ))}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="mb-1 font-semibold">语音播报</legend>
          <label htmlFor={`${id}-speak`} className="flex items-center gap-2">
            <input
              id={`${id}-speak`}
              type="checkbox"
              checked={prefs.speak}
              aria-describedby={`${id}-speak-help`}
              onChange={(e) => void runCommand('account.notify.set', { speak: e.target.checked }, 'button')}
            />
            朗读新消息
          </label>
          <p id={`${id}-speak-help`} className="text-xs text-gray-600">
            {canSpeak
              ? '使用浏览器自带的语音合成朗读新消息的标题，不经过外部服务。'
              : '当前浏览器不支持语音合成，无法朗读。'}
          </p>
          <Button disabled={!canSpeak} onClick={() => speak('您有一条新消息')}>
            试听
          </Button>
        </fieldset>
      </div>
    </SettingsFrame>
  );
}
