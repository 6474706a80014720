// What a plugin tells the shell about one of its screens: route, nav label and order, role, lazy module.
import type { ComponentType } from 'react';

export interface ScreenDef {
  path: string;
  /** Nav link text; omit for routes that are not in the nav (e.g. /admin/images). */
  label?: string;
  navOrder?: number;
  /** Nav menu the link sits in (e.g. 'Stock'): one entry in the header, its links shown when opened. */
  navGroup?: string;
  /** Shown in the nav as an icon (Settings: a gear), the label kept as its accessible text. */
  navIcon?: boolean;
  /** Required role; omitted = any signed-in user. */
  role?: 'ADMIN';
  /**
   * Opened without signing in, outside the shell's layout and guard, like /login: the first-run /setup, and the
   * customer display (#26.7, which holds its own display token and never sees a staff session). The screen itself
   * must be safe to show to anyone: the server decides what its calls may do.
   */
  public?: boolean;
  /** Lazy import of the screen module (its default export is the screen). Each becomes its own chunk. */
  load: () => Promise<{ default: ComponentType }>;
}

/**
 * A piece of UI a plugin puts into another plugin's screen at a named place (e.g. the shift bar on the POS). The host
 * may hand the slot props (`<Slot name="pos-customer" props={state} />`): their type is the host's to declare (in its
 * schemas.ts), and the slot's component takes it type-only from there.
 */
export interface SlotDef {
  /** The place, as the host screen names it (`<Slot name="pos-top" />`). */
  slot: string;
  /** Required role; omitted = any signed-in user. */
  role?: 'ADMIN';
  /** Lazy import of the component (its default export, given the host's props); its own chunk. */
  // biome-ignore lint/suspicious/noExplicitAny: each slot's props are declared by its host
  load: () => Promise<{ default: ComponentType<any> }>;
}
