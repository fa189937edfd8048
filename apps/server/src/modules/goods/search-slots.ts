/**
 * Sets of slots for the search index: ascending lists in typed arrays, with a bitset (one bit a slot,
 * 32 slots a word) beside the lists that are large enough to be intersected word by word.
 */

/** The set bits of a 32-bit word. */
export function popcount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (Math.imul((bits + (bits >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Whether the slot's bit is set (a word past the end of `bits` has none). */
export const hasBit = (bits: Uint32Array, slot: number) => ((bits[slot >>> 5] ?? 0) >>> (slot & 31)) & 1;

/** A growable ascending list of slots (new slots are always appended at the end). */
export class SlotList {
  data: Int32Array;
  length = 0;
  /** The same slots as a bitset, once asked for; kept up to date by `push` from then on. */
  private bits: Uint32Array | undefined;

  constructor(capacity: number) {
    this.data = new Int32Array(Math.max(capacity, 1));
  }

  static of(slots: Int32Array): SlotList {
    const list = new SlotList(0);
    list.data = slots;
    list.length = slots.length;
    return list;
  }

  push(slot: number) {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = slot;
    if (this.bits) {
      const word = slot >>> 5;
      if (word >= this.bits.length) {
        const grown = new Uint32Array(Math.max(word + 1, this.bits.length * 2));
        grown.set(this.bits);
        this.bits = grown;
      }
      this.bits[word] = (this.bits[word] as number) | (1 << (slot & 31));
    }
  }

  /**
   * The bitset of the list (built on first use), as long as its highest slot needs: a word past its
   * end has no bits set.
   */
  bitsFor(): Uint32Array {
    if (!this.bits) {
      const bits = new Uint32Array(((this.data[this.length - 1] ?? 0) >>> 5) + 1);
      for (let index = 0; index < this.length; index++) {
        const slot = this.data[index] as number;
        bits[slot >>> 5] = (bits[slot >>> 5] as number) | (1 << (slot & 31));
      }
      this.bits = bits;
    }
    return this.bits;
  }
}

/** `words` (the first `count`) and `bits`, word by word, into `words`. */
export function andInto(words: Uint32Array, bits: Uint32Array, count: number) {
  const shared = Math.min(count, bits.length);
  for (let word = 0; word < shared; word++) words[word] = (words[word] as number) & (bits[word] as number);
  words.fill(0, shared, count);
}

/** `words` (the first `count`) without `bits`, word by word, into `words`. */
export function andNotInto(words: Uint32Array, bits: Uint32Array, count: number) {
  const shared = Math.min(count, bits.length);
  for (let word = 0; word < shared; word++) words[word] = (words[word] as number) & ~(bits[word] as number);
}

/**
 * Keeps in `candidates` (ascending, the first `count`) the slots that are also in `list` (ascending,
 * the first `length`); returns how many remain. Gallops through `list`, so that a few candidates
 * against a long list cost a few binary searches.
 */
export function intersectInto(
  candidates: Int32Array,
  count: number,
  list: Int32Array,
  length: number,
): number {
  let kept = 0;
  let at = 0;
  for (let index = 0; index < count && at < length; index++) {
    const slot = candidates[index] as number;
    if ((list[at] as number) < slot) {
      // list[at] < slot: double the step until past it, then a binary search in the last step.
      let step = 1;
      let high = at + 1;
      while (high < length && (list[high] as number) < slot) {
        at = high;
        step <<= 1;
        high = at + step;
      }
      if (high > length) high = length;
      let low = at + 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((list[middle] as number) < slot) low = middle + 1;
        else high = middle;
      }
      at = low;
      if (at >= length) break;
    }
    if (list[at] === slot) {
      candidates[kept++] = slot;
      at++;
    }
  }
  return kept;
}
