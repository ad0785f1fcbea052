/**
 * The picker of a `ref` field (forms, search bars, the super query): the choices its reference's
 * picker endpoint offers (`partnerList`, `getTechMap`, …), shown by name, stored by id. A
 * reference picked within another field's value (`within`: an order's address among its
 * customer's) asks the picker with that value, offers nothing before it has one, and preselects
 * the choice the picker marks as the default. A value the picker no longer offers (a stopped
 * partner an edited technician still belongs to) stays chosen, named by the field's held values
 * (`held`, marked 已停用); filters ask the held values instead of the picker (resource-config.ts).
 */
import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { pickerOptions, type ResourceReference } from '../../../shared/resources/define.ts';
import type { EndpointContract } from '../../../shared/contracts.ts';
import { call } from '../../lib/api-client.ts';

/** What a picker needs of a reference. */
export type PickerRef = Pick<ResourceReference, 'label' | 'resource'> & {
  picker: Pick<EndpointContract, 'method' | 'path'>;
  /**
   * the field's `refOptions` (every value rows hold, stopped ones marked): names a value the
   * picker no longer offers (an edited technician's stopped partner) instead of showing its id
   */
  held?: Pick<EndpointContract, 'method' | 'path'>;
};

/**
 * The choices of a reference (cached per picker endpoint and `query`; invalidated with the
 * referenced resource).
 */
export const refOptionsQuery = (ref: PickerRef, query?: Record<string, string>) =>
  queryOptions({
    queryKey: [`resource:${ref.resource}`, 'picker', ref.picker.path, ...(query ? [query] : [])],
    queryFn: async () =>
      pickerOptions(
        await call<unknown>(ref.picker.method, ref.picker.path, query ? { query } : {}),
        ref.label,
      ),
    staleTime: 30_000,
  });

export function RefInput({
  label,
  value,
  onChange,
  reference,
  emptyText = '请选择',
  className = 'w-full rounded border border-gray-300 p-1 text-sm',
  within,
  id,
  disabled,
  ...aria
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  reference: PickerRef;
  emptyText?: string;
  className?: string;
  /**
   * the value this reference is picked within (`reference.within`): sent to the picker as
   * `?<key>=<value>`; without a value nothing is offered and `missing` is shown
   */
  within?: { key: string; value: string; missing: string };
  id?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}) {
  const waiting = Boolean(within && !within.value);
  const { data: options = [], isError } = useQuery({
    ...refOptionsQuery(reference, within ? { [within.key]: within.value } : undefined),
    enabled: !waiting,
  });
  const known = options.some((o) => o.value === value);
  // a value the picker no longer offers (stopped since it was chosen): named by the held values
  const { data: held = [] } = useQuery({
    ...refOptionsQuery({ ...reference, picker: reference.held ?? reference.picker }),
    enabled: Boolean(reference.held && value && !known && !waiting),
  });
  const heldText = held.find((o) => o.value === value)?.text ?? value;
  // picked within another value: its default is chosen until the user picks another
  const preselect = within && !waiting && !value ? options.find((o) => o.default)?.value : undefined;
  useEffect(() => {
    if (preselect) onChange(preselect);
  }, [preselect, onChange]);
  return (
    <select
      id={id}
      aria-label={label}
      {...aria}
      className={className}
      value={value}
      disabled={disabled || waiting}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">{waiting ? within!.missing : isError ? '无权查看或加载失败' : emptyText}</option>
      {value && !known && !waiting && <option value={value}>{heldText}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.text}
        </option>
      ))}
    </select>
  );
}
