import { queryOptions, useQuery } from '@tanstack/react-query';
import { callTo } from '../../../lib/api-client.ts';
import { PARTNER_PICKER } from '../../../../shared/resources/partner.ts';

/** The active partners an account may be bound to (GET /yy/yyPartner/partnerList). */
const partnerChoicesQuery = () =>
  queryOptions({
    queryKey: ['resource:partner', 'choices'],
    queryFn: () => callTo<Array<{ id: string; name: string }>>(PARTNER_PICKER),
    staleTime: 60_000,
    retry: false,
  });

/**
 * 所属商户 of the user form: a partner's staff see only that partner's technicians and orders (the
 * server's row scope); empty is platform staff. Not shown to a caller who may not list partners.
 */
export function UserPartnerField({ value, onChange }: { value: string; onChange(id: string): void }) {
  const partners = useQuery(partnerChoicesQuery());
  if (!partners.data) return null;
  return (
    <label className="col-span-2 block space-y-1 text-sm">
      <span className="text-gray-600">所属商户</span>
      <select
        className="w-full rounded border px-2 py-1"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">平台员工（不限商户）</option>
        {partners.data.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </label>
  );
}
