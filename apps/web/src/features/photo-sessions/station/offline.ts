/**
 * The app shell on the device, so a station reloads without network: a service worker (public/sw.js)
 * answers page loads from its cache when the network fails, and this page puts into that cache what it
 * loaded itself (the page, its scripts and styles), which the worker could not see on a first visit.
 * Only in a built app: the development server's modules change all the time.
 */
export const SHELL_CACHE = 'sp-shell-v1';

let started = false;

export function registerShellCache(lazyFiles: () => Promise<string[]>[] = () => []): void {
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator) || !('caches' in window)) return;
  started = true;
  void (async () => {
    try {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      // What the station loads only on demand (the camera's reader, the clock card's writer), loaded now
      // while the network is there: their modules join the page's resources, their WebAssembly is named.
      const named = (await Promise.all(lazyFiles().map((files) => files.catch(() => [])))).flat();
      const assets = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
        .map((url) => url.pathname)
        .concat(named.map((file) => new URL(file, window.location.href).pathname));
      const cache = await caches.open(SHELL_CACHE);
      const shell = new Set(['/index.html', ...assets]);
      await cache.addAll([...shell]);
      // Each deployment's assets have new names: those of earlier ones would stay on the device for good.
      // What this page did not load is let go; the worker caches again what the app later fetches.
      for (const request of await cache.keys()) {
        const { pathname } = new URL(request.url);
        if (pathname.startsWith('/assets/') && !shell.has(pathname)) await cache.delete(request);
      }
    } catch {
      // Without the shell cache the station still works while the page stays open.
    }
  })();
}
