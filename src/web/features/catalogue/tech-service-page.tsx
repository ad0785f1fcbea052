import { TECH_SERVICE } from '../../../shared/resources/technician-service.ts';
import { ResourcePage } from '../../resources/resource-page.tsx';
import { AddServicesDialog } from './add-services-dialog.tsx';

/** 技师服务: the generated page plus 批量开通 (several projects for a technician at once). */
export default function TechServicePage() {
  return (
    <ResourcePage resource={TECH_SERVICE}>
      <AddServicesDialog />
    </ResourcePage>
  );
}
