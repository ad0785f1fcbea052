import {
  PLATFORM_CONFIG,
  PLATFORM_CONFIG_LOG,
  settingText,
  type SettingType,
} from '../../../shared/resources/platform-config.ts';
import { ListPage } from '../../components/data-grid/list/list-page.tsx';
import { listConfig, type ResourceRow } from '../../resources/resource-config.ts';
import { SettingDialog } from './setting-dialog.tsx';

const shown = (row: ResourceRow, key: 'value' | 'defaultValue') =>
  settingText(
    { type: row.valueType as SettingType, unit: (row.unit as string | null) ?? undefined },
    String(row[key] ?? ''),
  );

/**
 * 平台配置: the generated settings grid, values shown as they read (开启, 20 %), edited by type in
 * the setting dialog; a row's 详细信息 lists its changes.
 */
export default function PlatformConfigPage() {
  const base = listConfig(PLATFORM_CONFIG);
  const config = {
    ...base,
    columns: base.columns.map((c) =>
      c.field === 'value' || c.field === 'defaultValue'
        ? { ...c, render: (row: ResourceRow) => shown(row, c.field as 'value' | 'defaultValue') }
        : c,
    ),
    detailTabs: (row: ResourceRow) => [
      {
        key: 'log',
        title: '变更记录',
        content: <ChangeLog configKey={String(row.configKey)} />,
      },
    ],
  };
  return (
    <ListPage config={config}>
      <SettingDialog />
    </ListPage>
  );
}

/** The changes of one setting (the generated 配置变更记录 list, filtered). */
function ChangeLog({ configKey }: { configKey: string }) {
  const base = listConfig(PLATFORM_CONFIG_LOG);
  return (
    <ListPage
      config={{
        ...base,
        pageKey: `${base.pageKey}:${configKey}`,
        url: { list: `${base.url.list}?configKey=${encodeURIComponent(configKey)}` },
        search: [],
        superQuery: [],
      }}
    />
  );
}
