/**
 * The production bundle, the Vite dev loader and server.ts each load their own copy of a module;
 * state that must exist once per process (the database, background loops) lives on globalThis.
 */
export function singleton<T>(name: string, create: () => T): T {
  const registry = globalThis as unknown as { __funWorld?: Record<string, unknown> };
  registry.__funWorld ??= {};
  if (!(name in registry.__funWorld)) registry.__funWorld[name] = create();
  return registry.__funWorld[name] as T;
}

export function dropSingleton(name: string) {
  const registry = globalThis as unknown as { __funWorld?: Record<string, unknown> };
  if (registry.__funWorld) delete registry.__funWorld[name];
}
