import { PARTNER } from '../../../shared/resources/partner.ts';
import { ResourcePage } from '../../resources/resource-page.tsx';

/**
 * 商户列表: the generated page (each partner's status history is its 记录 tab, 修改状态 its
 * generated status dialog).
 */
export default function PartnerPage() {
  return <ResourcePage resource={PARTNER} />;
}
