import { useQuery } from '@tanstack/react-query';
import { tenantChoicesQuery } from '../api/get-tenants.ts';

/**
 * 所属租户 of the user form: the active tenants the caller may give (the server keeps the user's
 * other tenants, those the caller does not reach). Nothing shows when there is no tenant to choose.
 */
export function UserTenantField({ ids, onChange }: { ids: string[]; onChange(ids: string[]): void }) {
  const tenants = useQuery(tenantChoicesQuery());
  if (!tenants.data?.length) return null;
  return (
    <fieldset className="col-span-2 text-sm">
      <legend className="mb-1 text-gray-600">所属租户</legend>
      <div className="flex flex-wrap gap-3">
        {tenants.data.map((t) => {
          const id = String(t.id);
          return (
            <label key={id} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={ids.includes(id)}
                onChange={(e) => onChange(e.target.checked ? [...ids, id] : ids.filter((x) => x !== id))}
              />
              {t.name}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
