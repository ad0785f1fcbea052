/**
 * How a list cell shows a field by its type (the value of `ListColumn.render`): money with
 * thousands separators (spec §9), percentages, picture thumbnails, rich text as plain text.
 * Types not named here show their value (or their `_dictText`) as it is.
 */
import { Suspense, lazy, type ReactNode } from 'react';
import { displayKey, type ResourceField } from '../../shared/resources/define.ts';
import { listOf } from '../../shared/resources/field-rules.ts';
import { formatBytes, formatMoney, formatNumber, formatPercent } from '../../shared/format.ts';
import { htmlText } from '../../shared/html-text.ts';

// loaded with the first picture cell: this module stays free of the network layer (tests read it)
const UploadThumb = lazy(async () => ({
  default: (await import('../components/data-grid/cells/upload-thumb.tsx')).UploadThumb,
}));

type Row = Record<string, unknown>;

function Pictures({ paths, title }: { paths: string[]; title: string }) {
  if (!paths.length) return <span className="text-gray-600">无图片</span>;
  return (
    <span className="inline-flex items-center gap-1">
      <Suspense fallback={<span className="inline-block h-8 w-8 rounded bg-gray-100" />}>
        <UploadThumb path={paths[0]!} name={title} />
      </Suspense>
      {paths.length > 1 && <span className="text-xs text-gray-500">+{paths.length - 1}</span>}
    </span>
  );
}

/** The cell renderer of a field, or undefined when its plain value (or text) is shown. */
export function cellRenderer(f: ResourceField): ((row: Row) => ReactNode) | undefined {
  const value = (row: Row) => row[displayKey(f)];
  if (f.unit === 'bytes') return (row) => <span className="tabular-nums">{formatBytes(value(row))}</span>;
  switch (f.type) {
    case 'money':
      return (row) => <span className="tabular-nums">{formatMoney(value(row))}</span>;
    case 'number':
      return (row) => <span className="tabular-nums">{formatNumber(value(row))}</span>;
    case 'percent':
      return (row) => formatPercent(value(row));
    case 'image':
    case 'images':
      return (row) => <Pictures paths={listOf(value(row) ?? '')} title={f.title} />;
    case 'richtext':
      return (row) => htmlText(String(value(row) ?? ''));
    default:
      return undefined;
  }
}
