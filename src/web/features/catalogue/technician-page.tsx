import { TECHNICIAN, WORK_STATUSES } from '../../../shared/resources/technician.ts';
import { ResourcePage } from '../../resources/resource-page.tsx';
import { AddServicesDialog } from './add-services-dialog.tsx';
import { StatusDialog } from './status-dialog.tsx';

/** 技师列表: the generated page, the 修改状态 dialog and 开通项目 (批量开通) from a row. */
export default function TechnicianPage() {
  return (
    <ResourcePage resource={TECHNICIAN}>
      <StatusDialog
        widget="technician.statusForm"
        title="修改技师工作状态"
        command="technician.status"
        options={WORK_STATUSES}
      />
      <AddServicesDialog />
    </ResourcePage>
  );
}
