/**
 * Realtime-grid table keys (`/vxeSocket`, jeecg-api.md §9.2): the server publishes saved rows under
 * a key, and a list page bound to the same key applies them. One list for both sides.
 */
export const SOCKET_KEYS = {
  user: 'sys_user',
  position: 'sys_position',
  dictItem: 'sys_dict_item',
  /** 上门订单: their list and 监控页's live board (state changes, every instance) */
  order: 'yy_visit_order',
} as const;
