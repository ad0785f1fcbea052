/** Seeded organisation: tenant, department tree (org codes as JeecgBoot generates them), positions, users. */

export const TENANTS = [{ id: 1, name: '总部租户', status: 1, createBy: 'admin' }];

export const DEPARTS: Array<{
  orgCode: string;
  parentOrgCode?: string;
  departName: string;
  orgCategory: '1' | '2' | '3';
  departOrder: number;
}> = [
  { orgCode: 'A01', departName: '悦到家健康服务有限公司', orgCategory: '1', departOrder: 0 },
  { orgCode: 'A01A01', parentOrgCode: 'A01', departName: '运营部', orgCategory: '2', departOrder: 1 },
  { orgCode: 'A01A02', parentOrgCode: 'A01', departName: '财务部', orgCategory: '2', departOrder: 2 },
  { orgCode: 'A01A03', parentOrgCode: 'A01', departName: '技师管理部', orgCategory: '2', departOrder: 3 },
  { orgCode: 'A01A03A01', parentOrgCode: 'A01A03', departName: '技师主管', orgCategory: '3', departOrder: 1 },
  { orgCode: 'A02', departName: '城东服务站', orgCategory: '1', departOrder: 1 },
  { orgCode: 'A02A01', parentOrgCode: 'A02', departName: '客服组', orgCategory: '2', departOrder: 1 },
];

export const POSITIONS = [
  { code: 'manager', name: '总经理', postRank: '5' },
  { code: 'operator', name: '运营专员', postRank: '2' },
  { code: 'cashier', name: '出纳', postRank: '2' },
  { code: 'staff', name: '客服专员', postRank: '1' },
];

export interface SeedUser {
  id?: string;
  username: string;
  realname: string;
  sex: 1 | 2;
  email: string;
  phone: string;
  orgCode: string;
  workNo: string;
  post: string;
  userIdentity?: 1 | 2;
  roles: string[];
}

export const SEED_USERS: SeedUser[] = [
  {
    // JeecgBoot's own admin row id, as in its install script
    id: 'e9ca23d68d884d4ebb19d07889727dae',
    username: 'admin',
    realname: '管理员',
    sex: 1,
    email: 'admin@example.com',
    phone: '18611111111',
    orgCode: 'A01',
    workNo: '00001',
    post: 'manager',
    userIdentity: 2,
    roles: ['admin'],
  },
  {
    username: 'yunying',
    realname: '李运营',
    sex: 2,
    email: 'yunying@example.com',
    phone: '13800000001',
    orgCode: 'A01A01',
    workNo: '00002',
    post: 'operator',
    roles: ['operator'],
  },
  {
    username: 'caiwu',
    realname: '王财务',
    sex: 2,
    email: 'caiwu@example.com',
    phone: '13800000002',
    orgCode: 'A01A02',
    workNo: '00003',
    post: 'cashier',
    roles: ['finance'],
  },
  {
    username: 'yuangong',
    realname: '张员工',
    sex: 1,
    email: 'yuangong@example.com',
    phone: '13800000003',
    orgCode: 'A02A01',
    workNo: '00004',
    post: 'staff',
    roles: ['staff'],
  },
];
