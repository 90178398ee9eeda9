// Spec 1 §4: rank from the page, the row's index and the direction. Ascending lists count up from
// the first row of the page; descending lists count down from the total, so the last row is 1.
export function listRank(options: {
  offset: number;
  index: number;
  count: number;
  descending: boolean;
}): number {
  const position = options.offset + options.index;
  return options.descending ? options.count - position : position + 1;
}
