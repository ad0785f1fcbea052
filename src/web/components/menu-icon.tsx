import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import AccountBook from '@ant-design/icons-svg/es/asn/AccountBookOutlined';
import Appstore from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import BarChart from '@ant-design/icons-svg/es/asn/BarChartOutlined';
import Bell from '@ant-design/icons-svg/es/asn/BellOutlined';
import Cloud from '@ant-design/icons-svg/es/asn/CloudOutlined';
import Dashboard from '@ant-design/icons-svg/es/asn/DashboardOutlined';
import Desktop from '@ant-design/icons-svg/es/asn/DesktopOutlined';
import File from '@ant-design/icons-svg/es/asn/FileOutlined';
import Home from '@ant-design/icons-svg/es/asn/HomeOutlined';
import Message from '@ant-design/icons-svg/es/asn/MessageOutlined';
import Picture from '@ant-design/icons-svg/es/asn/PictureOutlined';
import Profile from '@ant-design/icons-svg/es/asn/ProfileOutlined';
import Setting from '@ant-design/icons-svg/es/asn/SettingOutlined';
import Shop from '@ant-design/icons-svg/es/asn/ShopOutlined';
import Shopping from '@ant-design/icons-svg/es/asn/ShoppingOutlined';
import Table from '@ant-design/icons-svg/es/asn/TableOutlined';
import Team from '@ant-design/icons-svg/es/asn/TeamOutlined';
import Tool from '@ant-design/icons-svg/es/asn/ToolOutlined';
import User from '@ant-design/icons-svg/es/asn/UserOutlined';
import Wallet from '@ant-design/icons-svg/es/asn/WalletOutlined';
import Warning from '@ant-design/icons-svg/es/asn/WarningOutlined';

/**
 * Menu icons by the names the server menu's `meta.icon` uses (Ant Design's icon names, as the
 * original client): only these are bundled; any other name shows the generic 应用 icon.
 */
const ICONS: Record<string, IconDefinition> = {
  'account-book': AccountBook,
  appstore: Appstore,
  'bar-chart': BarChart,
  bell: Bell,
  cloud: Cloud,
  dashboard: Dashboard,
  desktop: Desktop,
  file: File,
  home: Home,
  message: Message,
  picture: Picture,
  profile: Profile,
  setting: Setting,
  shop: Shop,
  shopping: Shopping,
  table: Table,
  team: Team,
  tool: Tool,
  user: User,
  wallet: Wallet,
  warning: Warning,
};

/** The known icon names (tests check the seeded menu uses only these). */
export const MENU_ICON_NAMES = Object.keys(ICONS);

type Node = { tag: string; attrs: Record<string, string>; children?: Node[] };
const render = (n: Node, key?: number) => {
  const { tag, attrs, children } = n;
  const Tag = tag as 'path';
  return (
    <Tag key={key} {...attrs}>
      {children?.map((c, i) => render(c, i))}
    </Tag>
  );
};

/** A menu entry's icon (decorative: the entry's text names it). */
export function MenuIcon({ name, className = 'h-4 w-4' }: { name?: string; className?: string }) {
  const def = ICONS[(name ?? '').replace(/-o$/, '')] ?? Appstore;
  const svg = def.icon as Node;
  return (
    <svg {...svg.attrs} aria-hidden="true" fill="currentColor" className={`shrink-0 ${className}`}>
      {svg.children?.map((c, i) => render(c, i))}
    </svg>
  );
}
