import { ROLE } from '../../../shared/resources/role.ts';
import { ResourcePage } from '../../resources/resource-page.tsx';
import { RoleAuthorizeDrawer } from './role-authorize-drawer.tsx';
import { RoleUsersPanel } from './role-users-panel.tsx';
import { DataRuleGrantHost, roleDataRuleButton } from '../../components/data-rule-grant.tsx';

/**
 * 角色管理 (system/RoleUserList): the generated role list and form (src/shared/resources/role.ts),
 * a row's 用户 panel (`role.users`) and its 授权 drawer (`role.authorize`) with the 数据规则 of
 * menus that have them (`role.datarule`).
 */
export default function RolePage() {
  return (
    <ResourcePage resource={ROLE}>
      <RoleUsersPanel />
      <RoleAuthorizeDrawer dataRuleSlot={roleDataRuleButton} />
      <DataRuleGrantHost />
    </ResourcePage>
  );
}
