/**
 * A location field: latitude and longitude typed as numbers, held as `"纬度,经度"` text (the shared
 * rule checks the ranges and the server stores a point).
 */
import { Input } from '../ui.tsx';

export function LocationInput({
  label,
  value,
  onChange,
  required = false,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  required?: boolean;
}) {
  const [lat = '', lng = ''] = value ? value.split(',') : [];
  const set = (a: string, b: string) => onChange(a || b ? `${a},${b}` : '');
  return (
    <span role="group" aria-label={label} className="flex gap-2">
      <Input
        aria-label={`${label}纬度`}
        aria-required={required || undefined}
        placeholder="纬度 -90~90"
        inputMode="decimal"
        value={lat}
        onChange={(e) => set(e.target.value.trim(), lng)}
      />
      <Input
        aria-label={`${label}经度`}
        aria-required={required || undefined}
        placeholder="经度 -180~180"
        inputMode="decimal"
        value={lng}
        onChange={(e) => set(lat, e.target.value.trim())}
      />
    </span>
  );
}
