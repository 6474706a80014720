// Where native addons come from. In development Node resolves them normally; the single executable
// registers the paths it extracted (see core/sea-runtime.ts) before the app starts.
const overrides = new Map<string, string>();

/** Registers the path of an addon's .node file (used by the single executable). */
export function setNativeBinding(name: string, file: string) {
  overrides.set(name, file);
}

/** The addon path for `name`, or undefined to let the library find its own. */
export function nativeBinding(name: string): string | undefined {
  return overrides.get(name);
}
