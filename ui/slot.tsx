// Named places where plugins put UI into another plugin's screen without importing each other: the shell
// hands the list over once (ui/start.tsx, from app/screens.ts), a host screen renders <Slot name="..." />.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { SlotDef } from './screen-def.js';
import { useSession } from './session.js';

// id: the place in the registered list, a stable key for the app's life.
// biome-ignore lint/suspicious/noExplicitAny: each slot's props are declared by its host
let registered: { id: number; def: SlotDef; Component: LazyExoticComponent<ComponentType<any>> }[] = [];

/** Sets the slot contents for the app (ui/start.tsx, before the first render; tests may call it too). */
export function registerSlots(defs: SlotDef[]): void {
  registered = defs.map((def, id) => ({ id, def, Component: lazy(def.load) }));
}

/** Renders what the plugins put at `name` (for the signed-in user's role), handing them `props`; nothing when none did. */
export function Slot<P extends object = Record<string, never>>({ name, props }: { name: string; props?: P }) {
  const { user } = useSession();
  const here = registered.filter((r) => r.def.slot === name && (!r.def.role || user?.role === r.def.role));
  if (here.length === 0) return null;
  return (
    <Suspense fallback={null}>
      {here.map(({ id, Component }) => (
        <Component key={id} {...props} />
      ))}
    </Suspense>
  );
}
