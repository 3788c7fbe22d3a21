import { useState } from 'react';

/**
 * Page-by-page navigation over a keyset-paged list (docs/design/17-million.md): the cursors of the pages
 * already seen, so 'Anterior' goes back exactly and 'Siguiente' continues where the page ended.
 */
export function useKeysetPages() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const page = cursors.length;
  return {
    page,
    cursor: cursors[page - 1],
    /** Moves one page on (the answer's next_cursor) or back. */
    go(to: number, nextCursor: string | null | undefined) {
      if (to > page && nextCursor) setCursors([...cursors, nextCursor]);
      else if (to < page) setCursors(cursors.slice(0, -1));
    },
  };
}
