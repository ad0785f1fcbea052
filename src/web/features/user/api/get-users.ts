/** A user row of GET /sys/user/list (with `_dictText` siblings). */
export interface UserRow {
  id: string;
  username: string;
  realname: string | null;
  sex: number | null;
  sex_dictText: string | null;
  birthday: string | null;
  phone: string | null;
  email: string | null;
  orgCodeTxt: string | null;
  status: number;
  status_dictText: string | null;
  workNo: string | null;
  post: string | null;
  createTime: string | null;
  [key: string]: unknown;
}
