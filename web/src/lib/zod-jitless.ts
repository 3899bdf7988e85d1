/**
 * zod in the browser validates without its compiled fast path: the shop's content security policy
 * forbids eval, and zod's probe for it (a `new Function` it catches) is still reported as a policy
 * violation on every page whose chunks build a schema. zod reads its settings from this global,
 * set here before any schema exists (zod itself comes later, in the pages' chunks); the server
 * keeps the fast path.
 */
((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {}).jitless = true;
export {};
