import { config } from 'zod/v4/core';

// Zod 4 probes `new Function` to compile fast parsers; our CSP (script-src 'self') blocks it, and
// each blocked probe is a CSP violation the browser reports. The interpreted path parses the same.
// Imported first by main.tsx, before any module that defines or parses a schema.
config({ jitless: true });
