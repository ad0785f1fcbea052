import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, PERM } from '../../src/shared/permissions.ts';
import { DICTS } from '../../src/server/db/seed/data/dicts.ts';
import { MENUS } from '../../src/server/db/seed/data/menus.ts';
import { ROLES } from '../../src/server/db/seed/data/roles.ts';
import { screenOf, type Resource } from '../../src/shared/resources/define.ts';
import { RESOURCES } from '../../src/shared/resources/index.ts';
import type { SeedMenu } from '../../src/server/db/seed/data/types.ts';
import { menuRows } from '../../src/server/db/seed/index.ts';
import { TECHNICIANS } from '../../src/server/db/seed/catalogue/data.ts';
import { FORM_RULES, ruleProblem } from '../../src/shared/validation.ts';

interface FlatMenu {
  menu: SeedMenu;
  parentUrl: string | undefined;
}

function flatten(menus: SeedMenu[], parentUrl?: string, out: FlatMenu[] = []): FlatMenu[] {
  for (const menu of menus) {
    out.push({ menu, parentUrl });
    flatten(menu.children ?? [], menu.url, out);
  }
  return out;
}

const FLAT = flatten(MENUS);
const BY_URL = new Map(FLAT.map((f) => [f.menu.url, f]));
/** permission code → urls of the menus carrying a button with it */
const BUTTON_MENUS = new Map<string, string[]>();
// the seeded rows: a declared resource's page has its buttons derived from the declaration
const SEEDED = menuRows();
for (const row of SEEDED.filter((r) => r.menuType === 2)) {
  const url = SEEDED.find((m) => m.id === row.parentId)!.url!;
  BUTTON_MENUS.set(row.perms!, [...(BUTTON_MENUS.get(row.perms!) ?? []), url]);
}

describe('permission codes', () => {
  it('are unique, domain:action, with the domain named by their PERM block', () => {
    expect(new Set(ALL_PERMISSION_CODES).size).toBe(ALL_PERMISSION_CODES.length);
    // form field rights keep JeecgBoot's `domain:form:field` (src/shared/auth-rules.ts)
    for (const [domain, block] of Object.entries(PERM))
      for (const code of Object.values(block))
        expect(code).toMatch(new RegExp(`^${domain}:(form:)?[a-z][A-Za-z]*$`));
  });
});

describe('seed menus', () => {
  it('start with 首页', () => {
    expect(MENUS[0]).toMatchObject({
      name: '首页',
      url: '/dashboard/analysis',
      component: 'dashboard/Analysis',
    });
  });

  it('have unique urls', () => {
    const urls = FLAT.map((f) => f.menu.url);
    expect(urls.filter((url, i) => urls.indexOf(url) !== i)).toEqual([]);
  });

  it('put every permission code on exactly one button row', () => {
    for (const code of ALL_PERMISSION_CODES) expect(BUTTON_MENUS.get(code), code).toHaveLength(1);
    for (const code of BUTTON_MENUS.keys()) expect(ALL_PERMISSION_CODES).toContain(code);
  });

  it('have a name and a component on every row, buttons only on pages', () => {
    for (const { menu } of FLAT) {
      expect(menu.name, menu.url).not.toBe('');
      expect(menu.component, menu.url).not.toBe('');
      for (const button of menu.buttons ?? []) expect(button.name, button.perms).not.toBe('');
      if (menu.buttons?.length) expect(menu.children ?? [], menu.url).toEqual([]);
    }
  });

  it('give every page below the root level a folder', () => {
    for (const root of MENUS.slice(1)) {
      expect(root.component, root.url).toBe('layouts/RouteView');
      expect(root.children?.length, root.url).toBeGreaterThan(0);
    }
  });
});

describe('resources in the menu', () => {
  const resources = RESOURCES as unknown as Resource[];
  const screens = resources.filter((r) => screenOf(r));

  it('give every resource screen one menu row carrying a button per operation served', () => {
    for (const r of screens) {
      const rows = FLAT.filter((f) => f.menu.component === screenOf(r));
      expect(rows, r.decl.name).toHaveLength(1);
      const seeded = menuRows();
      const page = seeded.find((row) => row.component === screenOf(r))!;
      const buttons = seeded.filter((row) => row.parentId === page.id).map((row) => row.perms);
      for (const op of r.operations) expect(buttons, `${r.decl.name} ${op}`).toContain(r.perms[op]);
    }
  });

  it("seed a button row for every permission of a resource's declared actions", () => {
    const rows = menuRows();
    for (const r of screens) {
      const page = rows.find((row) => row.component === screenOf(r))!;
      const buttons = rows.filter((row) => row.parentId === page.id).map((row) => row.perms);
      for (const a of r.states?.actions ?? [])
        expect(buttons, `${r.decl.name} ${a.name}`).toContain(a.endpoint.permission);
    }
  });

  it('give a sub resource (no screen) no menu row, only list (and export) and only its parent screen permissions', () => {
    const subs = resources.filter((r) => !screenOf(r));
    expect(subs.map((r) => r.decl.name)).toEqual(
      expect.arrayContaining(['customerAddress', 'platformConfigLog']),
    );
    const parentCodes = new Set(screens.flatMap((r) => [...r.operations].map((op) => r.perms[op])));
    for (const r of subs) {
      // read only: listed inside its parent's page, exported there as a detail list (对账单明细)
      const ops = [...r.operations];
      expect(ops, r.decl.name).toContain('list');
      expect(
        ops.filter((op) => op !== 'list' && op !== 'export'),
        r.decl.name,
      ).toEqual([]);
      for (const op of ops) expect(parentCodes.has(r.perms[op]!), `${r.decl.name} ${op}`).toBe(true);
      expect(
        FLAT.some((f) => f.menu.url.includes(r.decl.path)),
        r.decl.name,
      ).toBe(false);
    }
  });
});

describe('seed roles', () => {
  it('have unique codes and an admin role granted everything', () => {
    const codes = ROLES.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(ROLES.find((r) => r.code === 'admin')?.grants).toBe('all');
  });

  for (const role of ROLES) {
    if (role.grants === 'all') continue;
    const { menus, perms } = role.grants;

    describe(role.code, () => {
      it('grant only existing menus, each with its parent folder', () => {
        expect(new Set(menus).size).toBe(menus.length);
        for (const url of menus) {
          const found = BY_URL.get(url);
          expect(found, url).toBeDefined();
          if (found?.parentUrl) expect(menus, `${url} needs ${found.parentUrl}`).toContain(found.parentUrl);
        }
      });

      it('grant only real codes whose button menu is granted too', () => {
        expect(new Set(perms).size).toBe(perms.length);
        for (const code of perms) {
          expect(ALL_PERMISSION_CODES).toContain(code);
          const [menuUrl] = BUTTON_MENUS.get(code) ?? [];
          // user:select is used by pickers on other screens, so it stands without 用户管理
          if (code !== PERM.user.select) expect(menus, `${code} needs ${menuUrl}`).toContain(menuUrl);
        }
      });

      it('reach 首页 and the personal pages', () => {
        expect(menus).toContain('/dashboard/analysis');
        for (const url of ['/account', '/account/center', '/account/settings', '/account/settings/base'])
          expect(menus).toContain(url);
      });
    });
  }
});

describe('seed dictionaries', () => {
  it('have unique codes', () => {
    const codes = DICTS.map((d) => d.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  for (const dict of DICTS) {
    it(`${dict.code} has unique values, numeric when type is 1`, () => {
      const values = dict.items.map((item) => item.value);
      expect(values.length).toBeGreaterThan(0);
      expect(new Set(values).size).toBe(values.length);
      if (dict.type === 1) for (const value of values) expect(value).toMatch(/^-?\d+$/);
    });
  }

  it('colour the notification priorities', () => {
    const priority = DICTS.find((d) => d.code === 'priority');
    expect(priority?.items).toEqual([
      { value: 'H', text: '高', color: 'red' },
      { value: 'M', text: '中', color: 'orange' },
      { value: 'L', text: '低', color: 'blue' },
    ]);
  });
});

describe('seed technicians', () => {
  it('carry ID numbers the declared rule accepts (date of birth, check digit)', () => {
    for (const t of TECHNICIANS) expect(ruleProblem(FORM_RULES.idCard, t.idCard), t.idCard).toBeUndefined();
  });
});
