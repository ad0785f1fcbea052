/** Typed-router props for a menu path (menus are data, so every page is the `$` splat route). */
export const menuLink = (path: string) => ({
  to: '/$' as const,
  params: { _splat: path.replace(/^\//, '') },
});
