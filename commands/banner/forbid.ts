import { bannerStatusCommand } from './status-command.ts';

/** 禁用轮播图: `banner forbid <ids>` (also `images forbid`). */
export default bannerStatusCommand('forbid', '0');
