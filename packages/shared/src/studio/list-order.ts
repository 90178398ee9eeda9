// Order helpers shared by the diff (where a removed item is shown) and the merge (where an added item
// goes).

// The largest set of ids that kept their relative order: the longest increasing run of their former
// positions. Every other id of the list was moved, which reports a reorder as few moves as possible.
export function keptInOrder(ids: readonly string[], formerIndex: (id: string) => number): Set<string> {
  const tails: number[] = [];
  const previous: number[] = new Array(ids.length).fill(-1);
  ids.forEach((id, i) => {
    const value = formerIndex(id);
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (formerIndex(ids[tails[mid] as number] as string) < value) low = mid + 1;
      else high = mid;
    }
    if (low > 0) previous[i] = tails[low - 1] as number;
    tails[low] = i;
  });
  const kept = new Set<string>();
  for (
    let i = tails.length > 0 ? (tails[tails.length - 1] as number) : -1;
    i >= 0;
    i = previous[i] as number
  ) {
    kept.add(ids[i] as string);
  }
  return kept;
}

// Places each id of `extras` into `result` right after the nearest id that precedes it in `source`
// and is already placed (at the start when none is), in source order, so a run of added items keeps
// its order and its neighbour. With `trailingToEnd`, ids that follow every id `result` held go to
// the end instead: what a side appended stays last even when the other side reordered the list.
// Ids of `extras` that `source` does not hold stay unplaced.
export function placeAfterNeighbours(
  result: string[],
  source: readonly string[],
  extras: ReadonlySet<string>,
  { trailingToEnd = false } = {},
): void {
  const held = new Set(result);
  const placed = new Set(result);
  let lastHeld = -1;
  source.forEach((id, i) => {
    if (held.has(id)) lastHeld = i;
  });
  source.forEach((id, i) => {
    if (!extras.has(id) || placed.has(id)) return;
    let position = trailingToEnd && i > lastHeld ? result.length : 0;
    for (let j = i - 1; j >= 0 && position === 0; j--) {
      const at = result.indexOf(source[j] as string);
      if (at >= 0) position = at + 1;
    }
    result.splice(position, 0, id);
    placed.add(id);
  });
}

export function sameOrder(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}
