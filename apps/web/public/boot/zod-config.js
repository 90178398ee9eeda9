// Our pages forbid eval (content security policy, issue 12 finding 8). zod decides when each schema
// is created whether to compile it with `new Function`, probing first; the browser reports that
// probe as a violation even though zod catches it. Set before any bundle runs, zod skips the probe
// and parses without compiling. A classic script: it runs before the app's module scripts.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
