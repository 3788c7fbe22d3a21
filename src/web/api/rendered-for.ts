import { createContext } from 'react';

/**
 * Whom the server rendered the page for (decision 0044). The session-hint and unread-total hooks
 * answer this while the server renders and while the browser hydrates, so a member's page
 * rendered with her header hydrates without a mismatch; what this browser stores applies after.
 */
export interface RenderedFor {
  clientId: number | null;
  unreadTotal: number | null;
}

export const VISITOR: RenderedFor = { clientId: null, unreadTotal: null };

export const RenderedForContext = createContext<RenderedFor>(VISITOR);

/** What the server wrote on #root for a member's page: `data-member` and `data-unread-total`. */
export function renderedForRoot(root: HTMLElement): RenderedFor {
  const member = Number(root.dataset.member);
  const unread = Number(root.dataset.unreadTotal);
  return {
    clientId: Number.isSafeInteger(member) && member > 0 ? member : null,
    unreadTotal: root.dataset.unreadTotal !== undefined && Number.isSafeInteger(unread) ? unread : null,
  };
}
