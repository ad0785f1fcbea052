/**
 * The server half of every declared resource (src/shared/resources/index.ts): its table, hooks and
 * extra routes. The type makes a declared resource without a server half a compile error.
 */
import { RESOURCES, type ResourceName } from '../../shared/resources/index.ts';
import type { ServerResource } from './register.ts';
import { dictServer } from './dict.ts';
import { logServer } from './log.ts';
import { positionServer } from './position.ts';
import { appVersionServer } from './app-version.ts';
import { fareServer } from './fare.ts';
import { bannerServer } from './banner.ts';
import { customerAddressServer, customerServer } from './customer.ts';
import { goodsServer } from './goods.ts';
import { platformConfigLogServer, platformConfigServer } from './platform-config.ts';
import { partnerServer } from './partner.ts';
import { projectServer } from './project.ts';
import { technicianServer } from './technician.ts';
import { techServiceServer } from './technician-service.ts';
import { techSummaryServer } from './technician-summary.ts';
import { checkRuleServer } from './check-rule.ts';
import { categoryServer } from './category.ts';
import { announcementServer } from './announcement.ts';
import { quartzJobServer } from './quartz-job.ts';
import { ossFileServer } from './oss-file.ts';
import { messageTemplateServer } from './message-template.ts';
import { roleServer } from './role.ts';
import { tenantServer } from './tenant.ts';
import { techShiftExceptionServer, techShiftServer } from './technician-shift.ts';
import { dispatchCityServer, dispatchServer } from './dispatch.ts';
import { orderServer } from './order.ts';
import { exceptionOrderServer } from './exception-order.ts';
import { commissionServer } from './technician-commission.ts';
import { ledgerServer } from './ledger.ts';
import { withdrawServer } from './withdraw.ts';
import { materialOrderServer } from './material-order.ts';
import { techFinanceServer } from './tech-finance.ts';
import { statementLineServer, statementServer } from './statement.ts';
import { visitFinanceServer } from './visit-finance.ts';
import { savedScriptServer } from './saved-script.ts';

const SERVER_PARTS: { [K in ResourceName]: ServerResource } = {
  position: positionServer,
  log: logServer,
  dict: dictServer,
  platformConfig: platformConfigServer,
  platformConfigLog: platformConfigLogServer,
  appVersion: appVersionServer,
  fare: fareServer,
  partner: partnerServer,
  project: projectServer,
  technician: technicianServer,
  techService: techServiceServer,
  techSummary: techSummaryServer,
  techShift: techShiftServer,
  techShiftException: techShiftExceptionServer,
  dispatchCity: dispatchCityServer,
  dispatch: dispatchServer,
  banner: bannerServer,
  goods: goodsServer,
  customer: customerServer,
  customerAddress: customerAddressServer,
  checkRule: checkRuleServer,
  category: categoryServer,
  announcement: announcementServer,
  job: quartzJobServer,
  ossFile: ossFileServer,
  messageTemplate: messageTemplateServer,
  role: roleServer,
  tenant: tenantServer,
  order: orderServer,
  exceptionOrder: exceptionOrderServer,
  commission: commissionServer,
  ledger: ledgerServer,
  withdraw: withdrawServer,
  materialOrder: materialOrderServer,
  techFinance: techFinanceServer,
  statement: statementServer,
  statementLine: statementLineServer,
  visitFinance: visitFinanceServer,
  savedScript: savedScriptServer,
};

export const SERVER_RESOURCES: readonly ServerResource[] = RESOURCES.map((r) => SERVER_PARTS[r.decl.name]);
