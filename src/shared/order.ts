// The order in which the CLI lists skills of several roots — root, category, folder name, path — for the
// server's model and the extension's mirror of it (both keep it and sort again only when it may change).

interface Sorted {
  file: string;
  id: string;
  location: { root: string; category: string };
}

/** A skill's place in the CLI's order, as one comparable string. */
export function cliSortKey(r: Sorted): string {
  return `${r.location.root}\0${r.location.category}\0${r.id}\0${r.file}`;
}

/** The skills' files in the CLI's order. */
export function cliOrder(records: Iterable<Sorted>): string[] {
  return [...records]
    .map((r) => ({ file: r.file, key: cliSortKey(r) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((e) => e.file);
}
