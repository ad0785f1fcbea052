import { SettingsControls } from '../../shell/settings-drawer.tsx';
import { SettingsFrame } from './settings-frame.tsx';

/**
 * 账户设置 → 个性化设置: the look (theme, layout, content width, header, multipage). The controls
 * are the 系统设置 drawer's; the server keeps the choice (shell/account-prefs.ts), so it follows
 * the account to another browser. `account preferences set` does the same from the terminal.
 */
export default function CustomPage() {
  return (
    <SettingsFrame current="/account/settings/custom">
      <div className="max-w-sm">
        <p className="mb-4 text-xs text-gray-600">设置保存在服务器上，在其他浏览器登录后同样生效。</p>
        <SettingsControls />
      </div>
    </SettingsFrame>
  );
}
