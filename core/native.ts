// Where native addons come from. In development Node resolves them normally; the single executable
// registers what it extracted (see core/sea-runtime.ts) before the app starts.
const overrides = new Map<string, string | object>();

/** Registers an addon for `name`: the path of its .node file, or the already loaded addon module. */
export function setNativeBinding(name: string, binding: string | object) {
  overrides.set(name, binding);
}

/** The addon (path or loaded module) for `name`, or undefined to let the library find its own. */
export function nativeBinding(name: string): string | object | undefined {
  return overrides.get(name);
}
