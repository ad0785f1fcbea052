/**
 * The bounded min-heap `rank()` keeps its best results in. A result is one number, so the heap is
 * a Float64Array and nothing is allocated per candidate: score first, then the shorter title, then
 * the earlier position (unique, so the 3-bit tag after it never decides), all below 2^53.
 */

const TAG_BITS = 2 ** 3;
const POS_BITS = 2 ** 21;
const LEN_BITS = 2 ** 8;
/** scores must be integers in [0, 2^14) */
const SCORE_BITS = 2 ** 14;

/** the most entries keys can tell apart */
export const MAX_ENTRIES = POS_BITS - 1;

/** Key of a result: higher is better. `titleLength` is capped at 255, `tag` is 0..7. */
export function keyOf(score: number, titleLength: number, pos: number, tag: number): number {
  const s = Math.min(Math.max(0, Math.round(score)), SCORE_BITS - 1);
  const shorter = LEN_BITS - 1 - Math.min(titleLength, LEN_BITS - 1);
  return ((s * LEN_BITS + shorter) * POS_BITS + (POS_BITS - 1 - pos)) * TAG_BITS + tag;
}

export const scoreOfKey = (key: number): number => Math.floor(key / (TAG_BITS * POS_BITS * LEN_BITS));
export const posOfKey = (key: number): number => POS_BITS - 1 - (Math.floor(key / TAG_BITS) % POS_BITS);
export const tagOfKey = (key: number): number => key % TAG_BITS;

/** Insert `key` into the min-heap heap[0..size) of capacity heap.length; returns the new size. */
export function offer(heap: Float64Array, size: number, key: number): number {
  if (size === heap.length) {
    if (size === 0 || key <= heap[0]!) return size;
    let i = 0; // replace the root (the worst kept) and sift down
    for (;;) {
      const l = 2 * i + 1;
      if (l >= size) break;
      const c = l + 1 < size && heap[l + 1]! < heap[l]! ? l + 1 : l;
      if (heap[c]! >= key) break;
      heap[i] = heap[c]!;
      i = c;
    }
    heap[i] = key;
    return size;
  }
  let i = size; // append and sift up
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (heap[p]! <= key) break;
    heap[i] = heap[p]!;
    i = p;
  }
  heap[i] = key;
  return size + 1;
}
