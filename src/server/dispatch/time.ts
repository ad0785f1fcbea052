import { formatDateTime } from '../lib/http/time.ts';

/**
 * `yyyy-MM-dd HH:mm[:ss]` read as a wall-clock time of `timeZone`, or undefined when it is not one.
 * (The zone's offset at that moment is found by formatting the UTC guess back in the zone.)
 */
export function parseZoned(text: string, timeZone: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0)) as number[];
  const wanted = Date.UTC(y!, mo! - 1, d!, h!, mi!, s ?? 0);
  const asLocal = (t: number) => {
    const f = formatDateTime(new Date(t), timeZone)!;
    const [fd, ft] = f.split(' ');
    const [fy, fm, fdd] = fd!.split('-').map(Number) as number[];
    const [fh, fmi, fs] = ft!.split(':').map(Number) as number[];
    return Date.UTC(fy!, fm! - 1, fdd!, fh!, fmi!, fs!);
  };
  let t = wanted - (asLocal(wanted) - wanted);
  // near a daylight-saving change the first offset may be the other side's
  t = wanted - (asLocal(t) - t);
  const out = new Date(t);
  return formatDateTime(out, timeZone)?.startsWith(`${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}`)
    ? out
    : undefined;
}
