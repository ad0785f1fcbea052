import { describe, expect, it } from 'vitest';
import {
  HOME_PATH,
  TAB_MESSAGES,
  close,
  closeLeft,
  closeOthers,
  closeRight,
  initialTabs,
  restoreTabs,
  visit,
} from '../../../src/web/shell/tabs.ts';

const open = (...keys: string[]) =>
  keys.reduce((s, k) => visit(s, { key: k, title: k }, true), initialTabs());

describe('multipage tabs (spec §2, §4)', () => {
  it('starts with the fixed home tab 首页 and adds a tab per full path with query', () => {
    const s = open('/a', '/b?x=1', '/b?x=2');
    expect(s.tabs.map((t) => t.key)).toEqual([HOME_PATH, '/a', '/b?x=1', '/b?x=2']);
    expect(s.tabs[0]!.title).toBe('首页');
    expect(s.active).toBe('/b?x=2');
  });

  it('updates the title of a revisited tab without duplicating it', () => {
    const s = visit(open('/a'), { key: '/a', title: '新标题' }, true);
    expect(s.tabs).toHaveLength(2);
    expect(s.tabs[1]!.title).toBe('新标题');
  });

  it('refuses to close home and the last tab with the spec messages', () => {
    expect(close(open('/a'), HOME_PATH).error).toBe(TAB_MESSAGES.home);
    expect(TAB_MESSAGES.home).toBe('首页不能关闭!');
    const onlyHome = initialTabs();
    expect(close(onlyHome, HOME_PATH).error).toBe('首页不能关闭!');
    expect(close({ tabs: [{ key: '/x', title: 'x' }], active: '/x' }, '/x').error).toBe(
      '这是最后一页，不能再关闭了啦',
    );
  });

  it('activates a neighbour when the active tab closes', () => {
    const s = open('/a', '/b', '/c');
    const afterLast = close(s, '/c');
    expect(afterLast.navigate).toBe('/b');
    const mid = close({ ...s, active: '/b' }, '/b');
    expect(mid.navigate).toBe('/c');
    const inactive = close(s, '/a');
    expect(inactive.navigate).toBeUndefined();
    expect(inactive.state.active).toBe('/c');
  });

  it('closes left, right and others, always keeping home', () => {
    const s = open('/a', '/b', '/c', '/d');
    expect(closeLeft(s, '/c').state.tabs.map((t) => t.key)).toEqual([HOME_PATH, '/c', '/d']);
    expect(closeRight(s, '/b').state.tabs.map((t) => t.key)).toEqual([HOME_PATH, '/a', '/b']);
    const others = closeOthers(s, '/b');
    expect(others.state.tabs.map((t) => t.key)).toEqual([HOME_PATH, '/b']);
    expect(others.navigate).toBe('/b');
  });

  it('keeps only the current page when multipage is off', () => {
    const s = visit(open('/a', '/b'), { key: '/c', title: 'c' }, false);
    expect(s.tabs.map((t) => t.key)).toEqual(['/c']);
  });
});

describe('restoring saved tabs', () => {
  it('brings back what was saved, 首页 first, the active tab kept', () => {
    const saved = JSON.stringify(open('/a', '/b?x=1'));
    const s = restoreTabs(saved);
    expect(s.tabs.map((t) => t.key)).toEqual([HOME_PATH, '/a', '/b?x=1']);
    expect(s.active).toBe('/b?x=1');
  });
  it('drops malformed, duplicate and foreign entries and falls back to 首页', () => {
    const s = restoreTabs(
      JSON.stringify({
        tabs: [
          { key: '/a', title: 'A' },
          { key: '/a', title: 'A2' },
          { key: 'http://x', title: 'x' },
          { key: 3 },
          null,
        ],
        active: '/gone',
      }),
    );
    expect(s.tabs.map((t) => t.key)).toEqual([HOME_PATH, '/a']);
    expect(s.active).toBe(HOME_PATH);
    expect(restoreTabs('not json')).toEqual(initialTabs());
    expect(restoreTabs(null)).toEqual(initialTabs());
  });
});
