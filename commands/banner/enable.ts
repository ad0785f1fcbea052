import { bannerStatusCommand } from './status-command.ts';

/** 启用轮播图: `banner enable <ids>`. */
export default bannerStatusCommand('enable', '1');
