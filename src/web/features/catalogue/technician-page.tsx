import { TECHNICIAN } from '../../../shared/resources/technician.ts';
import { ResourcePage } from '../../resources/resource-page.tsx';
import { AddServicesDialog } from './add-services-dialog.tsx';

/** 技师列表: the generated page (修改状态 its generated status dialog) and 开通项目 (批量开通) from a row. */
export default function TechnicianPage() {
  return (
    <ResourcePage resource={TECHNICIAN}>
      <AddServicesDialog />
    </ResourcePage>
  );
}
