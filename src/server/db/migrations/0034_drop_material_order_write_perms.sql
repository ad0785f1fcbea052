-- 物料订单 is add-only (orders are cancelled, never edited, deleted or imported): the button rows an
-- earlier seed gave it (materialOrder:edit|delete|import) go, with every grant of them (roles,
-- departments, department roles) and any data rule hung on them. The seed never deletes, so
-- existing installs keep them without this. The rows themselves go last.
DELETE FROM sys_role_permission WHERE permission_id IN (SELECT id FROM sys_permission
  WHERE menu_type = 2 AND perms IN ('materialOrder:edit', 'materialOrder:delete', 'materialOrder:import'));
--> statement-breakpoint
DELETE FROM sys_depart_role_permission WHERE permission_id IN (SELECT id FROM sys_permission
  WHERE menu_type = 2 AND perms IN ('materialOrder:edit', 'materialOrder:delete', 'materialOrder:import'));
--> statement-breakpoint
DELETE FROM sys_depart_permission WHERE permission_id IN (SELECT id FROM sys_permission
  WHERE menu_type = 2 AND perms IN ('materialOrder:edit', 'materialOrder:delete', 'materialOrder:import'));
--> statement-breakpoint
DELETE FROM sys_permission_data_rule WHERE permission_id IN (SELECT id FROM sys_permission
  WHERE menu_type = 2 AND perms IN ('materialOrder:edit', 'materialOrder:delete', 'materialOrder:import'));
--> statement-breakpoint
DELETE FROM sys_permission
  WHERE menu_type = 2 AND perms IN ('materialOrder:edit', 'materialOrder:delete', 'materialOrder:import');
