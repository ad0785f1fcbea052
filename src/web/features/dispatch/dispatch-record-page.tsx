import { DISPATCH_RECORD } from '../../../shared/resources/dispatch.ts';
import { ResourcePage } from '../../resources/resource-page.tsx';
import { DispatchCandidates } from './dispatch-candidates.tsx';

/** 派单记录: the generated list, with each record's candidates (and their replay) in 详细信息. */
export default function DispatchRecordPage() {
  return (
    <ResourcePage
      resource={DISPATCH_RECORD}
      detailTabs={(row) => [
        { key: 'candidates', title: '候选技师', content: <DispatchCandidates id={String(row.id)} /> },
      ]}
    />
  );
}
