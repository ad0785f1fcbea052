import { TECH_SHIFT } from '../../../shared/resources/technician-shift.ts';
import { ResourcePage } from '../../resources/resource-page.tsx';
import { ShiftWeekDialog } from './shift-week-dialog.tsx';

/**
 * 技师排班: the generated list and form of the spans (src/shared/resources/technician-shift.ts) and
 * the 编辑周排班 grid the `techShift.week` command opens (a technician's whole week at once).
 */
export default function ShiftPage() {
  return (
    <ResourcePage resource={TECH_SHIFT}>
      <ShiftWeekDialog />
    </ResourcePage>
  );
}
