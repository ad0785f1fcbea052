let leaving = false;
addEventListener('pagehide', () => {
  leaving = true;
});
addEventListener('pageshow', () => {
  leaving = false;
});

/**
 * Is this document being left (reload, typed URL, link to another page)? `pagehide` fires before
 * the browser aborts the document's requests, so their failures can be told apart from real ones:
 * an aborted request of a page being left says nothing about the session.
 */
export const isLeavingPage = (): boolean => leaving;
