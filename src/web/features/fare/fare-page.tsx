import { FARE } from '../../../shared/resources/fare.ts';
import { ResourcePage } from '../../resources/resource-page.tsx';
import { FarePreviewDialog } from './fare-preview-dialog.tsx';

/** 车费: the generated rules page plus the 车费试算 dialog its toolbar command opens. */
export default function FarePage() {
  return (
    <ResourcePage resource={FARE}>
      <FarePreviewDialog />
    </ResourcePage>
  );
}
