/**
 * State that must exist once per process (the database, background loops) lives on globalThis:
 * the Vite dev loader evaluates a changed module again under `npm run dev`, and tests open several
 * databases in one process.
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

/** Thrown when a second copy of server code is loaded into a process that already runs one. */
export class DuplicateModuleError extends Error {}

/**
 * Fails loudly when a server module is loaded a second time from another file: two copies of the
 * server code in one process (e.g. the background jobs through tsx from `app/`, the routes from
 * `build/`) share one database pool through the singletons above but each keep their own per-module
 * state, and their prepared statements collided ("Prepared statements must be unique"). The same
 * file evaluated again (Vite's reload of a changed module) is the same copy; `?t=…` queries are ignored.
 */
export function claimModule(name: string, url: string): void {
  const registry = globalThis as unknown as { __funWorldModules?: Map<string, string> };
  const modules = (registry.__funWorldModules ??= new Map());
  const file = url.split("?")[0]!;
  const first = modules.get(name);
  if (first !== undefined && first !== file) {
    throw new DuplicateModuleError(`Server module ${name} loaded twice in one process (${first} and ${file}): start the server with \`node build/server.js\` (npm start), which runs the routes and the background work from one build`);
  }
  modules.set(name, file);
}
