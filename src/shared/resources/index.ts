/**
 * Every declared resource. Commands (commands/index.ts), pages (src/web/resources) and the server
 * (src/server/resources, which adds each one's table) are generated from this list.
 */
import { DICT } from './dict.ts';
import { LOG } from './log.ts';
import { POSITION } from './position.ts';
import { APP_VERSION } from './app-version.ts';
import { BANNER } from './banner.ts';
import { CUSTOMER, CUSTOMER_ADDRESS } from './customer.ts';
import { FARE } from './fare.ts';
import { GOODS } from './goods.ts';
import { PLATFORM_CONFIG, PLATFORM_CONFIG_LOG } from './platform-config.ts';
import { PARTNER } from './partner.ts';
import { PROJECT } from './project.ts';
import { TECHNICIAN } from './technician.ts';
import { TECH_SERVICE } from './technician-service.ts';
import { TECH_SUMMARY } from './technician-summary.ts';
import { CHECK_RULE } from './check-rule.ts';
import { CATEGORY } from './category.ts';
import { ANNOUNCEMENT } from './announcement.ts';
import { QUARTZ_JOB } from './quartz-job.ts';
import { OSS_FILE } from './oss-file.ts';
import { MESSAGE_TEMPLATE } from './message-template.ts';
import { ROLE } from './role.ts';
import { TENANT } from './tenant.ts';
import { TECH_SHIFT, TECH_SHIFT_EXCEPTION } from './technician-shift.ts';
import { DISPATCH_CITY, DISPATCH_RECORD } from './dispatch.ts';
import { ORDER } from './order.ts';
import { EXCEPTION_ORDER } from './exception-order.ts';
import { TECH_COMMISSION } from './technician-commission.ts';
import { LEDGER } from './ledger.ts';
import { WITHDRAW } from './withdraw.ts';
import { MATERIAL_ORDER } from './material-order.ts';
import { TECH_FINANCE } from './tech-finance.ts';
import { STATEMENT, STATEMENT_LINE } from './statement.ts';
import { VISIT_FINANCE } from './visit-finance.ts';
import { SAVED_SCRIPT } from './saved-script.ts';

export const RESOURCES = [
  POSITION,
  LOG,
  DICT,
  PLATFORM_CONFIG,
  PLATFORM_CONFIG_LOG,
  APP_VERSION,
  FARE,
  PARTNER,
  PROJECT,
  TECHNICIAN,
  TECH_SERVICE,
  TECH_SUMMARY,
  TECH_SHIFT,
  TECH_SHIFT_EXCEPTION,
  DISPATCH_CITY,
  DISPATCH_RECORD,
  BANNER,
  GOODS,
  CUSTOMER,
  CUSTOMER_ADDRESS,
  CHECK_RULE,
  CATEGORY,
  ANNOUNCEMENT,
  QUARTZ_JOB,
  OSS_FILE,
  MESSAGE_TEMPLATE,
  ROLE,
  TENANT,
  ORDER,
  EXCEPTION_ORDER,
  TECH_COMMISSION,
  LEDGER,
  WITHDRAW,
  MATERIAL_ORDER,
  TECH_FINANCE,
  STATEMENT,
  STATEMENT_LINE,
  VISIT_FINANCE,
  SAVED_SCRIPT,
] as const;

export type ResourceName = (typeof RESOURCES)[number]['decl']['name'];
