/**
 * The input of one form field by its kind: text, select, date(time), picture(s), 省市区, location,
 * percent, rich text or a reference picker. Every value is text (pictures and areas comma-joined), so the
 * form's state and the shared zod rules stay the same for all of them.
 */
import { useMemo } from 'react';
import { DEFAULT_MAX_IMAGES } from '../../../shared/resources/field-rules.ts';
import type { ResourceReference, ResourceUpload } from '../../../shared/resources/define.ts';
import { useDictItems } from '../../lib/dict-items.ts';
import { Input } from '../ui.tsx';
import { DateInput } from '../date-input.tsx';
import { AreaInput } from './area-input.tsx';
import { ImagesInput } from './images-input.tsx';
import { LocationInput } from './location-input.tsx';
import { RefInput, type PickerRef } from './ref-input.tsx';
import { RichTextInput } from './richtext-input.tsx';
import { CronInput } from '../cron/cron-input.tsx';
import { TreeSelect } from '../pickers/tree-select.tsx';
import { UserPicker } from '../pickers/user-picker.tsx';
import { categorySource, departSource } from '../pickers/sources.ts';

export type FieldInputType =
  | 'text'
  | 'select'
  | 'image'
  | 'images'
  | 'area'
  | 'location'
  | 'percent'
  | 'money'
  | 'richtext'
  | 'ref'
  | 'cron'
  | 'date'
  | 'datetime'
  | 'user'
  | 'depart'
  | 'category';

export interface FieldInputProps {
  label: string;
  type?: FieldInputType;
  value: string;
  onChange(value: string): void;
  disabled?: boolean;
  dictCode?: string;
  options?: Array<{ value: string; text: string }>;
  upload?: ResourceUpload;
  multiple?: boolean;
  /** ref: the reference, and where the values rows hold are named (`held`: Resource.refOptions) */
  reference?: ResourceReference & Pick<PickerRef, 'held'>;
  /** category: the code of the root whose descendants are offered */
  pcode?: string;
  /** ref picked within another field's value (`reference.within`): that value, and what to say without it */
  within?: { key: string; value: string; missing: string };
  /** set by `Field`: the label's `for`, and the error message describing the control */
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  /** refused blank (set by `Field` on a single control; a group gives it to its own control) */
  'aria-required'?: boolean;
}

export function FieldInput(p: FieldInputProps) {
  const dictItems = useDictItems(p.options ? undefined : p.dictCode);
  const a11y = { id: p.id, 'aria-invalid': p['aria-invalid'], 'aria-describedby': p['aria-describedby'] };
  const required = p['aria-required'] || undefined;
  const categories = useMemo(() => categorySource(p.pcode), [p.pcode]);
  switch (p.type) {
    case 'user':
      return (
        <UserPicker
          {...a11y}
          label={p.label}
          value={p.value}
          multiple={p.multiple}
          disabled={p.disabled}
          onChange={p.onChange}
        />
      );
    case 'depart':
    case 'category':
      return (
        <TreeSelect
          {...a11y}
          label={p.label}
          value={p.value}
          multiple={p.type === 'depart' && p.multiple}
          disabled={p.disabled}
          source={p.type === 'depart' ? departSource : categories}
          onChange={p.onChange}
        />
      );
    case 'select':
      return (
        <select
          {...a11y}
          aria-required={required}
          className="w-full rounded border p-1"
          value={p.value}
          disabled={p.disabled}
          onChange={(e) => p.onChange(e.target.value)}
        >
          <option value="">请选择</option>
          {(p.options ?? dictItems).map((o) => (
            <option key={o.value} value={o.value}>
              {o.text}
            </option>
          ))}
        </select>
      );
    case 'image':
    case 'images':
      return (
        <ImagesInput
          label={p.label}
          value={p.value}
          onChange={p.onChange}
          area={p.upload?.area ?? 'temp'}
          max={p.upload?.max ?? DEFAULT_MAX_IMAGES}
          single={p.type === 'image'}
          required={!!required}
        />
      );
    case 'area':
      return (
        <AreaInput
          label={p.label}
          value={p.value}
          onChange={p.onChange}
          multiple={p.multiple}
          required={!!required}
        />
      );
    case 'location':
      return <LocationInput label={p.label} value={p.value} onChange={p.onChange} required={!!required} />;
    case 'richtext':
      return <RichTextInput label={p.label} value={p.value} onChange={p.onChange} required={!!required} />;
    case 'ref':
      return p.reference ? (
        <RefInput
          label={p.label}
          value={p.value}
          onChange={p.onChange}
          reference={p.reference}
          disabled={p.disabled}
          {...a11y}
          aria-required={required}
          {...(p.within ? { within: p.within } : {})}
        />
      ) : null;
    case 'cron':
      return (
        <CronInput
          {...a11y}
          aria-required={required}
          label={p.label}
          value={p.value}
          disabled={p.disabled}
          onChange={p.onChange}
        />
      );
    case 'date':
    case 'datetime':
      return (
        <DateInput
          kind={p.type}
          id={p.id}
          label={p.label}
          describedBy={p['aria-describedby']}
          invalid={p['aria-invalid']}
          required={required}
          disabled={p.disabled}
          value={p.value}
          onChange={p.onChange}
        />
      );
    case 'percent':
    case 'money':
      return (
        <span className="flex items-center gap-1">
          {p.type === 'money' && <span className="text-gray-500">¥</span>}
          <Input
            {...a11y}
            aria-required={required}
            inputMode="decimal"
            value={p.value}
            disabled={p.disabled}
            onChange={(e) => p.onChange(e.target.value)}
          />
          {p.type === 'percent' && <span className="text-gray-500">%</span>}
        </span>
      );
    default:
      return (
        <Input
          {...a11y}
          aria-required={required}
          value={p.value}
          disabled={p.disabled}
          onChange={(e) => p.onChange(e.target.value)}
        />
      );
  }
}
