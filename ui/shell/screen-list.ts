// The routes the shell serves: every plugin screen, plus a placeholder POS at '/' until a plugin registers '/'.
import type { ScreenDef } from '../screen-def.js';
import type { Role } from '../session.js';

/** Stand-in for the POS screen, used only while no plugin registers the '/' route. */
export const placeholderPos: ScreenDef = {
  path: '/', label: 'POS', navOrder: 10, load: () => import('./pos-placeholder.js'),
};

/** The screens to route: the plugins' list, with the placeholder POS when nothing claims '/'. */
export function withDefaults(screens: ScreenDef[]): ScreenDef[] {
  return screens.some((s) => s.path === '/') ? screens : [placeholderPos, ...screens];
}

/** True when `role` may open a screen (no role on the screen = any signed-in user). */
export function canOpen(screen: ScreenDef, role: Role | undefined): boolean {
  return !screen.role || screen.role === role;
}

/** Nav links for a role: labelled screens the role may open, by navOrder. */
export function navLinks(screens: ScreenDef[], role: Role | undefined): { path: string; label: string }[] {
  return screens
    .filter((s) => s.label && canOpen(s, role))
    .map((s, i) => ({ s, i }))
    .sort((a, b) => (a.s.navOrder ?? 1000) - (b.s.navOrder ?? 1000) || a.i - b.i)
    .map(({ s }) => ({ path: s.path, label: s.label! }));
}
