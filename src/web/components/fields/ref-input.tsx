/**
 * The picker of a `ref` field (forms, search bars, the super query): the choices its reference's
 * picker endpoint offers (`partnerList`, `getTechMap`, …), shown by name, stored by id.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pickerOptions, type ResourceReference } from '../../../shared/resources/define.ts';
import type { EndpointContract } from '../../../shared/contracts.ts';

/** What a picker needs of a reference. */
export type PickerRef = Pick<ResourceReference, 'label' | 'resource'> & {
  picker: Pick<EndpointContract, 'method' | 'path'>;
};
import { call } from '../../lib/api-client.ts';

/** The choices of a reference (cached per picker endpoint; invalidated with the referenced resource). */
export const refOptionsQuery = (ref: PickerRef) =>
  queryOptions({
    queryKey: [`resource:${ref.resource}`, 'picker', ref.picker.path],
    queryFn: async () => pickerOptions(await call<unknown>(ref.picker.method, ref.picker.path), ref.label),
    staleTime: 30_000,
  });

export function RefInput({
  label,
  value,
  onChange,
  reference,
  emptyText = '请选择',
  className = 'w-full rounded border border-gray-300 p-1 text-sm',
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  reference: PickerRef;
  emptyText?: string;
  className?: string;
}) {
  const { data: options = [], isError } = useQuery(refOptionsQuery(reference));
  const known = options.some((o) => o.value === value);
  return (
    <select aria-label={label} className={className} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{isError ? '无权查看或加载失败' : emptyText}</option>
      {value && !known && <option value={value}>{value}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.text}
        </option>
      ))}
    </select>
  );
}
