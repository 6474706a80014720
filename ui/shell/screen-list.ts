// The routes the shell serves: every plugin screen, plus a placeholder POS at '/' until a plugin registers '/'.
import type { ScreenDef } from '../screen-def.js';
import type { Role } from '../session.js';

/** Stand-in for the POS screen, used only while no plugin registers the '/' route. */
export const placeholderPos: ScreenDef = {
  path: '/',
  label: 'POS',
  navOrder: 10,
  load: () => import('./pos-placeholder.js'),
};

/** The screens to route: the plugins' list, with the placeholder POS when nothing claims '/'. */
export function withDefaults(screens: ScreenDef[]): ScreenDef[] {
  return screens.some((s) => s.path === '/') ? screens : [placeholderPos, ...screens];
}

/** True when `role` may open a screen (no role on the screen = any signed-in user). */
export function canOpen(screen: ScreenDef, role: Role | undefined): boolean {
  return !screen.role || screen.role === role;
}

/** One nav link; `group` names the menu it sits in. */
export interface NavLink {
  path: string;
  label: string;
  group?: string;
  /** Shown as an icon (the label stays its text). */
  icon?: boolean;
}

/** Nav links for a role: labelled screens the role may open, by navOrder. */
export function navLinks(screens: ScreenDef[], role: Role | undefined): NavLink[] {
  return screens
    .filter((s) => s.label && canOpen(s, role))
    .map((s, i) => ({ s, i }))
    .sort((a, b) => (a.s.navOrder ?? 1000) - (b.s.navOrder ?? 1000) || a.i - b.i)
    .map(({ s }) => ({ path: s.path, label: s.label!, ...(s.navGroup ? { group: s.navGroup } : {}), ...(s.navIcon ? { icon: true } : {}) }));
}

/** A nav entry: a link, or a named menu of links (placed where its first link would be). */
export type NavEntry = { link: NavLink } | { group: string; links: NavLink[] };

/** The header's entries: grouped links gathered into one menu each. */
export function navEntries(links: NavLink[]): NavEntry[] {
  const out: NavEntry[] = [];
  const menus = new Map<string, NavLink[]>();
  for (const l of links) {
    if (!l.group) {
      out.push({ link: l });
      continue;
    }
    let menu = menus.get(l.group);
    if (!menu) {
      menus.set(l.group, (menu = []));
      out.push({ group: l.group, links: menu });
    }
    menu.push(l);
  }
  return out;
}
