/** The query key prefix of every positions read; commands invalidate it after a write. */
export const POSITIONS_KEY = ['positions'] as const;

/** Columns the terminal shows for positions. */
export const POSITION_COLUMNS = [
  { key: 'code', title: '职务编码' },
  { key: 'name', title: '职务名称' },
  { key: 'postRank_dictText', title: '职级' },
  { key: 'createTime', title: '创建时间' },
];
