/**
 * The home page's statistics (jeecg-api.md §6.9 "Dashboard"), counted from the login log
 * (sys_log, log type 1): totals and today's, and visits per day of the last 7 days.
 */
import { ENDPOINTS } from './endpoints.ts';

/**
 * `loginfo` answers `LoginInfo`; `visitInfo` the last 7 days, oldest first, as `VisitDay`s
 * (`[{visit, ip, tian: "2022-07-20", type: "07-20"}]`).
 */
export const HOME_STATS = ENDPOINTS.home;

export interface LoginInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  /** distinct client addresses of today's logins */
  todayIp: number;
}

export interface VisitDay {
  /** logins that day */
  visit: number;
  /** distinct client addresses that day */
  ip: number;
  /** the day, `yyyy-MM-dd` */
  tian: string;
  /** the axis label, `MM-dd` */
  type: string;
}
