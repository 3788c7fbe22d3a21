import fs from 'node:fs';
import path from 'node:path';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/**
 * The screen (its source module under src/web) that each client-rendered address shows; they
 * mirror the lazy routes of src/web/app/public-routes.tsx. A path missing here still works: the
 * app then fetches its screen after starting, one round trip later.
 */
const SCREENS: [RegExp, string][] = [
  [/^\/asistencias$/, 'features/attendance/attendance-page.tsx'],
  [/^\/mensajes$/, 'features/messages/conversations-page.tsx'],
  [/^\/mensajes\/con\/[^/]+$/, 'features/messages/open-conversation-page.tsx'],
  [/^\/mensajes\/[^/]+$/, 'features/messages/conversation-page.tsx'],
  [/^\/perfil$/, 'features/profile/profile-page.tsx'],
  [/^\/personas$/, 'features/people/people-page.tsx'],
  [/^\/intereses$/, 'features/interests/interests-page.tsx'],
  [/^\/configuracion$/, 'features/settings/settings-page.tsx'],
  [/^\/invitar$/, 'features/invites/invite-page.tsx'],
  [/^\/quiz$/, 'features/quiz/quiz-page.tsx'],
  [/^\/ingresar$/, 'features/auth/login-page.tsx'],
  [/^\/registrarse$/, 'features/auth/sign-up-page.tsx'],
];

/** The app (main.tsx) and, for a member, the live channel main.tsx mounts for her. */
const APP = 'main.tsx';
const LIVE = 'features/messages/live.tsx';

/**
 * The app's chunks a page needs, as addresses: the app, the page's screen and every chunk they
 * import, read from the app build's manifest (the entry, boot.ts, and its imports are already in
 * index.html). Without them listed the browser finds each one only after running the previous one
 * (boot → app → router → screen).
 */
export function appChunks(dist: string): (pathname: string, member: boolean) => string[] {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return () => [];
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const inPage = new Set<string>();
  const entry = manifest['index.html'];
  for (const key of ['index.html', ...(entry?.imports ?? [])]) {
    const chunk = manifest[key];
    if (chunk) inPage.add(chunk.file);
  }
  const files = (key: string, found: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || found.has(chunk.file) || inPage.has(chunk.file)) return;
    found.add(chunk.file);
    for (const imported of chunk.imports ?? []) files(imported, found);
  };
  return (pathname, member) => {
    const found = new Set<string>();
    files(APP, found);
    const screen = SCREENS.find(([pattern]) => pattern.test(pathname))?.[1];
    if (screen) files(screen, found);
    if (member) files(LIVE, found);
    return [...found].map((file) => `/${file}`);
  };
}

/** `<link rel="modulepreload">` tags for a page the browser renders (decision 0042). */
export function modulePreloadTags(chunks: string[]): string {
  return chunks.map((chunk) => `<link rel="modulepreload" crossorigin href="${chunk}" />`).join('\n    ');
}
