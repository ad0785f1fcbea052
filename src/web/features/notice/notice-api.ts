import { queryOptions } from '@tanstack/react-query';
import { NOTICE_ENDPOINTS, type NoticesByUser } from '../../../shared/resources/announcement.ts';
import { callTo } from '../../lib/api-client.ts';

/** The bell's list: the caller's unread notices and system messages. */
export const noticesByUserQuery = () =>
  queryOptions({
    queryKey: ['notices', 'byUser'],
    queryFn: () => callTo<NoticesByUser>(NOTICE_ENDPOINTS.listByUser, { query: { pageSize: 5 } }),
  });

/** Mark one notice read for the caller. */
export const markNoticeRead = (anntId: string) => callTo(NOTICE_ENDPOINTS.read, { body: { anntId } });
