import { DICT } from '../../../shared/resources/dict.ts';
import { ResourcePage } from '../../resources/resource-page.tsx';
import { DictItemsDialog } from './dict-items-dialog.tsx';
import { DictItemList } from './dict-item-list.tsx';

/**
 * 数据字典: the generated dictionary page and form (src/shared/resources/dict.ts) plus its items: the
 * 字典项 sub form of 详细信息 and the 字典配置 item grid the `dict.items` command opens.
 */
export default function DictPage() {
  return (
    <ResourcePage
      resource={DICT}
      detailTabs={(row) => [{ key: 'items', title: '字典项', content: <DictItemList dictId={row.id} /> }]}
    >
      <DictItemsDialog />
    </ResourcePage>
  );
}
