import { PARTNER, PARTNER_STATUSES } from '../../../shared/resources/partner.ts';
import { ResourcePage } from '../../resources/resource-page.tsx';
import { StatusDialog } from './status-dialog.tsx';

/** 商户列表: the generated page (each partner's status history is its 记录 tab) and the 修改状态 dialog. */
export default function PartnerPage() {
  return (
    <ResourcePage resource={PARTNER}>
      <StatusDialog
        widget="partner.statusForm"
        title="修改商户状态"
        command="partner.status"
        options={PARTNER_STATUSES}
        reason
      />
    </ResourcePage>
  );
}
