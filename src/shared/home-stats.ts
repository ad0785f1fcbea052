/**
 * The home page's statistics (jeecg-api.md §6.9 "Dashboard"), counted from the login log
 * (sys_log, log type 1): totals and today's, and visits per day of the last 7 days.
 */
import { endpoint } from './contracts.ts';
import { PERM } from './permissions.ts';

export const HOME_STATS = {
  /** `{totalVisitCount, todayVisitCount, todayIp}` */
  loginfo: endpoint('GET', '/sys/loginfo', PERM.log.list),
  /** the last 7 days, oldest first: `[{visit, ip, tian: "2022-07-20", type: "07-20"}]` */
  visitInfo: endpoint('GET', '/sys/visitInfo', PERM.log.list),
} as const;

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
